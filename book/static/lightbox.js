/* Pictures that enlarge: a click, a tap or Enter on a card, hand or table picture
   (figure.ganjifa-figure) shows it in a <dialog>, either whole (fitted to the screen) or
   at twice its drawn size (cards about 110 px across; scroll to move round it), whichever
   is larger; a click on the picture switches between the two. Escape, the close button or
   a click beside the picture closes it. Without JavaScript the pictures stay as they are. */
(function () {
  "use strict";
  var dialog = null;
  var ZOOM = 2;  // the close-up: twice the drawn size

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
      zoom(!dialog.classList.contains("is-zoomed"));
    });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close();  // the backdrop, beside the picture
    });
    dialog.addEventListener("close", function () {
      dialog.querySelector(".ganjifa-lightbox-stage").textContent = "";
    });
    document.body.appendChild(dialog);
  }

  function zoom(on) {
    var svg = dialog.querySelector(".ganjifa-lightbox-stage svg");
    dialog.classList.toggle("is-zoomed", on);
    if (!svg) return;
    var box = svg.viewBox.baseVal;
    svg.style.width = on && box ? box.width * ZOOM + "px" : "";
    svg.style.height = on && box ? box.height * ZOOM + "px" : "";
  }

  function fitScale(svg) {
    var box = svg.viewBox.baseVal, stage = dialog.querySelector(".ganjifa-lightbox-stage");
    if (!box || !box.width || !box.height) return Infinity;
    return Math.min(stage.clientWidth / box.width, stage.clientHeight / box.height);
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
    zoom(false);
    dialog.showModal();
    if (fitScale(svg) < ZOOM) zoom(true);  // the close-up is the larger view
  }

  function hook(figure) {
    var svg = figure.querySelector("svg");
    if (!svg || figure.classList.contains("ganjifa-zoomable")) return;
    // a button's content is not read out: its name carries the picture's alt text
    var caption = figure.querySelector("figcaption");
    var name = svg.getAttribute("aria-label") || (caption ? caption.textContent : "picture");
    var box = svg.viewBox.baseVal;
    if (box && box.width && box.height) {  // for book.css: size the picture to the column
      svg.style.setProperty("--ganjifa-w", String(box.width));
      svg.style.setProperty("--ganjifa-ratio", String(box.width / box.height));
    }
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
