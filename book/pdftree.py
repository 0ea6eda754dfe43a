"""The ElementTree helpers the PDF pipeline edits the singlehtml page with: classes, text, finding
elements, making them, inline SVG's namespace, and the tree written back as HTML for WeasyPrint.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"


def _classes(el: ET.Element) -> list[str]:
    return (el.get("class") or "").split()


def _has_class(el: ET.Element, name: str) -> bool:
    return name in _classes(el)


def _add_class(el: ET.Element, name: str) -> None:
    if not _has_class(el, name):
        el.set("class", " ".join([*_classes(el), name]))


def _text(el: ET.Element) -> str:
    return " ".join("".join(el.itertext()).split())


def _find(root: ET.Element, tag: str | None = None, cls: str | None = None) -> ET.Element | None:
    return next(_iter(root, tag, cls), None)


def _iter(root: ET.Element, tag: str | None = None, cls: str | None = None):
    for el in root.iter(tag):
        if isinstance(el.tag, str) and (cls is None or _has_class(el, cls)):
            yield el


def _el(tag: str, text: str | None = None, cls: str | None = None, **attrs) -> ET.Element:
    el = ET.Element(tag, {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()})
    if cls:
        el.set("class", cls)
    el.text = text
    return el


def _in_svg_ns(el: ET.Element) -> ET.Element:
    """Put SVG built without a namespace into the SVG one, as WeasyPrint expects inline."""
    for node in el.iter():
        if isinstance(node.tag, str) and not node.tag.startswith("{"):
            node.tag = f"{{{SVG_NS}}}{node.tag}"
        node.attrib.pop("xmlns", None)
    return el


def serialise(root: ET.Element) -> str:
    """The edited tree as HTML text for WeasyPrint's public ``HTML(string=...)``.

    Inline SVG keeps its namespace as the default one, so the HTML parser reads it as SVG again.
    """
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    return "<!DOCTYPE html>\n" + ET.tostring(root, encoding="unicode", method="html")
