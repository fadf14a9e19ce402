// Where every map item of a printed sheet lands, in millimetres of paper.
(() => {
  const MM = 25.4 / 96;
  const box = (r) => [r.left * MM, r.top * MM, r.right * MM, r.bottom * MM];
  const points = (el) => {
    const m = el.getScreenCTM();
    if (!m || typeof el.getTotalLength !== 'function') return [];
    const len = el.getTotalLength();
    const steps = Math.max(2, Math.min(2000, Math.ceil((len * Math.abs(m.a)) * MM)));
    const out = [];
    for (let i = 0; i <= steps; i++) {
      const p = el.getPointAtLength((len * i) / steps).matrixTransform(m);
      out.push([p.x * MM, p.y * MM]);
    }
    return out;
  };
  const maps = [];
  document.querySelectorAll('svg').forEach((svg) => {
    if (!svg.querySelector('[data-feature],[data-element],[data-unit]')) return;
    const items = [];
    svg.querySelectorAll('[data-feature],[data-label],[data-leader],[data-unit],[data-element],[data-furniture]').forEach((el) => {
      for (const kind of ['feature', 'label', 'leader', 'unit', 'element', 'furniture']) {
        const id = el.getAttribute('data-' + kind);
        if (id === null) continue;
        const item = { kind, id, box: box(el.getBoundingClientRect()) };
        if (kind === 'feature' || kind === 'leader') {
          const path = el.tagName === 'path' ? el : id.startsWith('line:') ? el.querySelector('path') : null;
          if (path) item.points = points(path);
        }
        items.push(item);
      }
    });
    // The page's text width, to say what share of it a map fills.
    const text = document.documentElement.clientWidth * MM;
    // The frame of the ground drawn (the table, or a window of it), which
    // every name must stay inside, and the drawing's own box.
    const frame = svg.querySelector('[data-frame]');
    maps.push({
      width: svg.getBoundingClientRect().width * MM,
      text_width: text,
      box: box(svg.getBoundingClientRect()),
      frame: frame ? box(frame.getBoundingClientRect()) : null,
      items,
    });
  });
  return JSON.stringify(maps);
})()
