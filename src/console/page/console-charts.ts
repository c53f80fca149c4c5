/**
 * The console page's charts, a part of /console.js (inserted into its closure by console-script.ts,
 * so they use its `el`, `calls` and `budgetHistory`). SVG built with createElementNS and text nodes:
 * a label an agent wrote is text, never markup.
 */
export const CONSOLE_CHARTS = String.raw`  var SVG = 'http://www.w3.org/2000/svg';
  var COLOURS = ['#1a5fb4', '#c01c28', '#26a269', '#e66100', '#613583', '#865e3c'];
  function svgEl(tag, attributes, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attributes).forEach(function (name) { node.setAttribute(name, String(attributes[name])); });
    if (text !== undefined) node.textContent = String(text);
    return node;
  }

  function drawCharts() {
    var all = Array.from(calls.values()).sort(function (a, b) { return a.timestamp < b.timestamp ? -1 : 1; });
    var perPolicy = budgetHistory.filter(function (line) { return line.unit !== 'calls' && line.points.length; });
    if (perPolicy.length) drawBudgetHistory(perPolicy);
    else drawSpend(all.filter(function (call) { return call.outcome === 'executed' && call.hbarTinybars && call.hbarTinybars !== '0'; }));
    drawBlocks(all.filter(function (call) { return call.blockedBy; }));
  }

  /** Lines of [time, value] in one SVG; each series a colour and a label. */
  function drawLines(box, label, series, lastText, axisUnit) {
    var width = 480, height = 180, left = 50, bottom = 20;
    var svg = svgEl('svg', { viewBox: '0 0 ' + width + ' ' + height, role: 'img', 'aria-label': label });
    var times = [], top = 0;
    series.forEach(function (line) { line.points.forEach(function (p) { times.push(p[0]); top = Math.max(top, p[1]); }); });
    var start = Math.min.apply(null, times), end = Math.max(Math.max.apply(null, times), start + 1);
    top = top || 1;
    svg.appendChild(svgEl('line', { x1: left, y1: height - bottom, x2: width, y2: height - bottom, stroke: '#999' }));
    svg.appendChild(svgEl('text', { x: 2, y: 12, 'font-size': 10 }, (Math.round(top * 100) / 100) + ' ' + axisUnit));
    series.forEach(function (line, at) {
      var colour = COLOURS[at % COLOURS.length];
      var points = line.points.map(function (p) {
        return (left + (p[0] - start) / (end - start) * (width - left - 5)).toFixed(1) + ',' + (height - bottom - p[1] / top * (height - bottom - 20)).toFixed(1);
      });
      svg.appendChild(svgEl('polyline', { points: points.join(' '), fill: 'none', stroke: colour, 'stroke-width': 2 }));
      svg.appendChild(svgEl('text', { x: left + 5, y: 14 + at * 12, 'font-size': 10, fill: colour }, line.name + ': ' + lastText(line)));
    });
    box.appendChild(svg);
  }

  /** Kit mode: what each policy reports used in its window, as the console read it over time. */
  function drawBudgetHistory(history) {
    document.getElementById('spend-title').textContent = 'Spend over time, per policy (used in its window)';
    var box = document.getElementById('spend-chart');
    box.textContent = '';
    // Budgets in different units share one axis as a share of each one's limit.
    var lines = history.map(function (line) {
      var limit = Number(line.limit) || 1;
      return { name: line.policy + (line.scope ? ' (' + line.scope + ')' : ''), unit: line.unit, limit: line.limit, used: line.points[line.points.length - 1][1], points: line.points.map(function (p) { return [p[0], p[1] / limit * 100]; }) };
    });
    drawLines(box, 'spend over time per policy', lines, function (line) { return line.used + ' of ' + line.limit + ' ' + line.unit; }, '% of limit');
  }

  /** Without a kit's policies: what the trail shows, HBAR credited by executed calls, per tool. */
  function drawSpend(spent) {
    document.getElementById('spend-title').textContent = 'HBAR spent over time, per tool (the trail names no policy per spend; connect a kit for per policy)';
    var box = document.getElementById('spend-chart');
    box.textContent = '';
    if (!spent.length) { box.appendChild(el('p', '', 'no HBAR moved yet')); return; }
    var series = new Map();
    spent.forEach(function (call) {
      var line = series.get(call.tool) || { name: call.tool, total: 0, points: [] };
      line.total += Number(call.hbarTinybars) / 1e8;
      line.points.push([Date.parse(call.timestamp), line.total]);
      series.set(call.tool, line);
    });
    drawLines(box, 'HBAR spent over time per tool', Array.from(series.values()), function (line) { return line.total + ' ℏ'; }, 'ℏ');
  }

  function drawBlocks(blocked) {
    var box = document.getElementById('block-chart');
    box.textContent = '';
    if (!blocked.length) { box.appendChild(el('p', '', 'nothing blocked yet')); return; }
    var counts = new Map();
    blocked.forEach(function (call) { counts.set(call.blockedBy.policy, (counts.get(call.blockedBy.policy) || 0) + 1); });
    var most = Math.max.apply(null, Array.from(counts.values()));
    var width = 480, row = 22;
    var svg = svgEl('svg', { viewBox: '0 0 ' + width + ' ' + (counts.size * row + 4), role: 'img', 'aria-label': 'blocks by policy' });
    var at = 0;
    counts.forEach(function (count, policy) {
      var y = at * row + 2;
      svg.appendChild(svgEl('rect', { x: 180, y: y, width: Math.max(2, count / most * (width - 220)), height: row - 6, fill: '#c01c28' }));
      svg.appendChild(svgEl('text', { x: 0, y: y + 12, 'font-size': 11 }, policy));
      svg.appendChild(svgEl('text', { x: 184 + count / most * (width - 220), y: y + 12, 'font-size': 11 }, count));
      at++;
    });
    box.appendChild(svg);
  }

`;
