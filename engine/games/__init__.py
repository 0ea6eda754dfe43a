"""The games, one module each; the registry imports them by name."""
