// The text area of the sheet's printed page in CSS px, from its @page rules
// (the last rule to set a property wins, as in print), so the sheet can be laid
// out at the width it prints at before it is measured.
(() => {
  const PX_PER_MM = 96 / 25.4;
  const papers = { a4: [210, 297], a3: [297, 420], a5: [148, 210], letter: [215.9, 279.4], legal: [215.9, 355.6] };
  let paper = papers.a4;
  let landscape = false;
  const margin = [0, 0, 0, 0];
  const mm = (v) => {
    const n = parseFloat(v);
    if (!isFinite(n)) return null;
    if (v.endsWith('mm')) return n;
    if (v.endsWith('cm')) return n * 10;
    if (v.endsWith('in')) return n * 25.4;
    if (v.endsWith('px')) return n / PX_PER_MM;
    return null;
  };
  for (const sheet of document.styleSheets) {
    for (const rule of sheet.cssRules) {
      if (!(rule instanceof CSSPageRule) || rule.selectorText) continue;
      const size = rule.style.getPropertyValue('size').trim().toLowerCase();
      if (size) {
        const words = size.split(/\s+/);
        if (papers[words[0]]) paper = papers[words[0]];
        landscape = words.includes('landscape');
      }
      ['top', 'right', 'bottom', 'left'].forEach((side, i) => {
        const v = mm(rule.style.getPropertyValue('margin-' + side).trim());
        if (v !== null) margin[i] = v;
      });
    }
  }
  const [w, h] = landscape ? [paper[1], paper[0]] : paper;
  return JSON.stringify([(w - margin[1] - margin[3]) * PX_PER_MM, (h - margin[0] - margin[2]) * PX_PER_MM]);
})()
