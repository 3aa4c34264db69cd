// The walkthrough's audit (tests/browser/test_walkthrough_browser.py), run in the page:
// what a demanding player would notice on this screen. Returns {lang, width, problems}.
(() => {
  const problems = [];
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const describe = (el) => {
    const text = (el.getAttribute("aria-label") || el.innerText || el.textContent || el.value
                  || el.name || "")
      .trim().replace(/\s+/g, " ").slice(0, 40);
    const classes = el.getAttribute("class");
    return `${el.tagName.toLowerCase()}${classes ? "." + classes.trim().split(/\s+/).join(".") : ""} "${text}"`;
  };
  // 44 px tap targets.
  const controls = new Set();
  for (const el of document.querySelectorAll(
      "button, a.btn, a.chip, input:not([type=hidden]), select, textarea, summary, label.chip,"
      + " .topbar a, .table-links a")) {
    let target = el;
    if (el.matches("input[type=radio], input[type=checkbox]")) target = el.closest("label") || el;
    if (target.closest(".sr-only")) continue;
    controls.add(target);
  }
  for (const el of controls) {
    if (!visible(el)) continue;
    const box = el.getBoundingClientRect();
    if (box.height < 43.5) problems.push(`small target ${Math.round(box.width)}x${Math.round(box.height)}: ${describe(el)}`);
    else if (box.width < 43.5) problems.push(`narrow target ${Math.round(box.width)}x${Math.round(box.height)}: ${describe(el)}`);
  }
  // Contrast of every visible text against its (opaque) background.
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const over = (top, under) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
  };
  const backdrop = (el) => {
    const layers = [];
    for (let node = el; node && node.nodeType === 1; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (node instanceof SVGElement && node.tagName !== "svg") continue;
      const bg = parse(style.backgroundColor);
      if (bg && bg[3] > 0) { layers.push(bg); if (bg[3] >= 1) break; }
    }
    let colour = [255, 255, 255, 1];
    if (!layers.length || layers[layers.length - 1][3] < 1) {
      colour = parse(getComputedStyle(document.documentElement).backgroundColor) || colour;
      if (colour[3] === 0) colour = matchMedia("(prefers-color-scheme: dark)").matches ? [0, 0, 0, 1] : [255, 255, 255, 1];
    }
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  // SVG text sits on shapes, not on a CSS background: the shape drawn under its centre.
  // elementsFromPoint skips shapes that ignore the pointer: each SVG's shapes count for
  // the audit's time (once per SVG, restored at the end: a style written per text would
  // restyle the whole board for each of its hundreds of numbers).
  const hitTestable = new Map();
  const drawnUnder = (el) => {
    const svg = el.ownerSVGElement;
    if (!hitTestable.has(svg)) {
      const shapes = [...svg.querySelectorAll("*")];
      hitTestable.set(svg, shapes.map((node) => [node, node.style.pointerEvents]));
      shapes.forEach((node) => { node.style.pointerEvents = "auto"; });
    }
    el.scrollIntoView({block: "center"});
    const box = el.getBoundingClientRect();
    const stack = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    let colour = null;
    const layers = [];
    for (const node of stack) {
      if (node === el || node.closest("text") ) continue;
      if (!(node instanceof SVGElement) || node.tagName === "svg") { colour = backdrop(node); break; }
      if (!["path", "polygon", "circle", "rect", "ellipse"].includes(node.tagName)) continue;
      const style = getComputedStyle(node);
      const fill = parse(style.fill);
      if (!fill) continue;
      const alpha = fill[3] * Number(style.fillOpacity) * Number(style.opacity);
      if (alpha <= 0) continue;
      layers.push([fill[0], fill[1], fill[2], alpha]);
      if (alpha >= 1) break;
    }
    if (colour === null || (layers.length && layers[layers.length - 1][3] >= 1)) colour = colour || [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const scrolled = scrollY;
  const seen = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || seen.has(el)) continue;
    seen.add(el);
    if (!visible(el) || el.closest(".sr-only, [disabled], [aria-hidden=true] .sr-only, title, desc, option")) continue;
    const style = getComputedStyle(el);
    const svg = el instanceof SVGElement;
    let fg = parse(svg ? style.fill : style.color);
    if (!fg) continue;
    let opacity = 1;
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
    const bg = svg ? drawnUnder(el) : backdrop(el);
    fg = over([fg[0], fg[1], fg[2], fg[3] * opacity], bg);
    const [hi, lo] = [lum(fg), lum(bg)].sort((a, b) => b - a);
    const ratio = (hi + 0.05) / (lo + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.6 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) problems.push(
      `contrast ${ratio.toFixed(2)} (rgb ${fg.slice(0, 3).map(Math.round)} on ${bg.slice(0, 3).map(Math.round)}): ${describe(el)}`);
  }
  for (const shapes of hitTestable.values()) {
    for (const [node, saved] of shapes) node.style.pointerEvents = saved;
  }
  scrollTo(0, scrolled);
  // The dock must not cover the end of the page.
  const dock = document.querySelector(".dock");
  const main = document.querySelector("main");
  if (dock && main && visible(dock)) {
    const end = main.scrollHeight + main.getBoundingClientRect().top + scrollY;
    const room = document.documentElement.scrollHeight - end;
    if (room < dock.getBoundingClientRect().height) {
      // main's padding-bottom must clear the dock: measure its last child instead.
      const last = main.lastElementChild.getBoundingClientRect().bottom + scrollY;
      if (document.documentElement.scrollHeight - last < dock.getBoundingClientRect().height)
        problems.push("the dock covers the end of the page");
    }
  }
  return {lang: document.documentElement.lang,
          width: document.documentElement.scrollWidth, problems};
})
