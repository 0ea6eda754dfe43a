/* Pictures that enlarge: a click, a tap or Enter on a card, hand or table picture
   (figure.ganjifa-figure) shows it large in a <dialog>; a click on the large picture
   zooms it further (scroll to move round it); Escape, the close button or a click
   beside the picture closes it. Without JavaScript the pictures stay as they are. */
(function () {
  "use strict";
  var dialog = null;

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "ganjifa-lightbox";
    dialog.setAttribute("aria-label", "Enlarged picture");
    dialog.innerHTML =
      '<button type="button" class="ganjifa-lightbox-close" aria-label="Close">\u00d7</button>' +
      '<div class="ganjifa-lightbox-stage" title="Click to zoom in or out"></div>' +
      '<p class="ganjifa-lightbox-caption"></p>';
    dialog.querySelector(".ganjifa-lightbox-close").addEventListener("click", function () {
      dialog.close();
    });
    dialog.querySelector(".ganjifa-lightbox-stage").addEventListener("click", function (event) {
      event.stopPropagation();
      dialog.classList.toggle("is-zoomed");
    });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();  // the backdrop, beside the picture
    });
    dialog.addEventListener("close", function () {
      dialog.querySelector(".ganjifa-lightbox-stage").textContent = "";
    });
    document.body.appendChild(dialog);
  }

  function open(figure) {
    if (!dialog) build();
    var svg = figure.querySelector("svg").cloneNode(true);
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    var stage = dialog.querySelector(".ganjifa-lightbox-stage");
    stage.textContent = "";
    stage.appendChild(svg);
    var caption = figure.querySelector("figcaption");
    dialog.querySelector(".ganjifa-lightbox-caption").textContent = caption ? caption.textContent : "";
    dialog.classList.remove("is-zoomed");
    dialog.showModal();
  }

  function hook(figure) {
    var svg = figure.querySelector("svg");
    if (!svg || figure.classList.contains("ganjifa-zoomable")) return;
    // a button's content is not read out: its name carries the picture's alt text
    var caption = figure.querySelector("figcaption");
    var name = svg.getAttribute("aria-label") || (caption ? caption.textContent : "picture");
    figure.classList.add("ganjifa-zoomable");
    figure.setAttribute("tabindex", "0");
    figure.setAttribute("role", "button");
    figure.setAttribute("aria-label", "Enlarge: " + name);
    figure.setAttribute("title", "Click to enlarge");
    figure.addEventListener("click", function () { open(figure); });
    figure.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        open(figure);
      }
    });
  }

  function init() {
    if (typeof HTMLDialogElement === "undefined") return;  // a very old browser: no viewer
    document.querySelectorAll("figure.ganjifa-figure").forEach(hook);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
