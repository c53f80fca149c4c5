/**
 * The console page's charts, a part of /console.js (inserted into its closure by console-script.ts,
 * so they use its `el`, `calls` and `budgetHistory`). SVG built with createElementNS and text nodes:
 * a label an agent wrote is text, never markup. Each chart is drawn at the pixel width it is shown
 * at (and redrawn when that changes), so its type is the page's size, never scaled down; the value
 * axis has ticks in its unit, the time axis clock times, and the series are named in an HTML legend
 * under the chart, where a long policy name wraps instead of running over the lines.
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

  /** The width a chart box is shown at, in CSS pixels (a hidden box: a sensible default). */
  function chartWidth(box) {
    return Math.max(240, Math.floor(box.clientWidth || 480));
  }

  /** Round tick steps (1, 2, 5 × 10ⁿ) from 0 to at least top. */
  function ticks(top) {
    var rough = top / 4, power = Math.pow(10, Math.floor(Math.log10(rough)));
    var step = [1, 2, 5, 10].map(function (m) { return m * power; }).filter(function (s) { return s >= rough; })[0];
    var values = [];
    for (var v = 0; v < top + step / 2; v += step) values.push(Math.round(v * 1e6) / 1e6);
    return values;
  }

  function clock(ms, withSeconds) {
    var d = new Date(ms), pad = function (n) { return (n < 10 ? '0' : '') + n; };
    return pad(d.getHours()) + ':' + pad(d.getMinutes()) + (withSeconds ? ':' + pad(d.getSeconds()) : '');
  }

  /** Lines of [time, value] over a value axis (ticks in 'unit', titled 'axisTitle') and a time axis; the legend names each line. */
  function drawLines(box, label, series, lastText, unit, axisTitle, topAtLeast) {
    var width = chartWidth(box), height = 220, left = 64, right = 16, top = 12, bottom = 40;
    var svg = svgEl('svg', { viewBox: '0 0 ' + width + ' ' + height, width: width, height: height, role: 'img', 'aria-label': label });
    var times = [], highest = topAtLeast || 0;
    series.forEach(function (line) { line.points.forEach(function (p) { times.push(p[0]); highest = Math.max(highest, p[1]); }); });
    var start = Math.min.apply(null, times), end = Math.max(Math.max.apply(null, times), start + 1000);
    var yTicks = ticks(highest || 1), yMax = yTicks[yTicks.length - 1];
    var x = function (t) { return left + (t - start) / (end - start) * (width - left - right); };
    var y = function (v) { return top + (1 - v / yMax) * (height - top - bottom); };
    yTicks.forEach(function (value) {
      svg.appendChild(svgEl('line', { x1: left, y1: y(value), x2: width - right, y2: y(value), class: 'grid' }));
      svg.appendChild(svgEl('text', { x: left - 6, y: y(value) + 4, 'text-anchor': 'end', 'data-axis': 'y' }, value + unit));
    });
    svg.appendChild(svgEl('line', { x1: left, y1: top, x2: left, y2: height - bottom, class: 'axis' }));
    svg.appendChild(svgEl('line', { x1: left, y1: height - bottom, x2: width - right, y2: height - bottom, class: 'axis' }));
    // Start and end of the time axis, and the middle when there is room; seconds when the span is short.
    var seconds = end - start < 600000;
    var xTicks = width - left - right > 260 ? [start, (start + end) / 2, end] : [start, end];
    xTicks.forEach(function (t, at) {
      var anchor = at === 0 ? 'start' : at === xTicks.length - 1 ? 'end' : 'middle';
      svg.appendChild(svgEl('text', { x: x(t), y: height - bottom + 16, 'text-anchor': anchor, 'data-axis': 'x' }, clock(t, seconds)));
    });
    svg.appendChild(svgEl('text', { x: left + (width - left - right) / 2, y: height - 4, 'text-anchor': 'middle', 'data-axis': 'x-title' }, 'time (this browser\'s clock)'));
    var middle = top + (height - top - bottom) / 2;
    svg.appendChild(svgEl('text', { x: 14, y: middle, 'text-anchor': 'middle', transform: 'rotate(-90 14 ' + middle + ')', 'data-axis': 'title' }, axisTitle));
    var legend = el('ul', 'series-legend');
    if (box.id === 'spend-chart') legend.id = 'spend-legend';
    series.forEach(function (line, at) {
      var colour = COLOURS[at % COLOURS.length];
      var points = line.points.map(function (p) { return x(p[0]).toFixed(1) + ',' + y(p[1]).toFixed(1); });
      // One reading is a dot: a line needs two.
      if (points.length === 1) svg.appendChild(svgEl('circle', { cx: x(line.points[0][0]), cy: y(line.points[0][1]), r: 3, fill: colour }));
      else svg.appendChild(svgEl('polyline', { points: points.join(' '), fill: 'none', stroke: colour, 'stroke-width': 2 }));
      var item = el('li');
      item.appendChild(el('span', 'swatch series-' + (at % COLOURS.length)));
      item.appendChild(el('span', '', line.name + ': ' + lastText(line)));
      legend.appendChild(item);
    });
    box.appendChild(svg);
    box.appendChild(legend);
  }

  /** Kit mode: what each policy reports used in its window, as the console read it over time. */
  function drawBudgetHistory(history) {
    document.getElementById('spend-title').textContent = 'Spend over time, per policy (used in its window, as a share of its limit)';
    var box = document.getElementById('spend-chart');
    box.textContent = '';
    // Budgets in different units share one axis as a share of each one's limit.
    var lines = history.map(function (line) {
      var limit = Number(line.limit) || 1;
      return { name: line.policy + (line.scope ? ' (' + line.scope + ')' : ''), unit: line.unit, limit: line.limit, used: line.points[line.points.length - 1][1], points: line.points.map(function (p) { return [p[0], p[1] / limit * 100]; }) };
    });
    drawLines(box, 'spend over time per policy, as a share of each limit', lines, function (line) { return line.used + ' of ' + line.limit + ' ' + line.unit; }, '%', 'used, % of each limit', 100);
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
    drawLines(box, 'HBAR spent over time per tool', Array.from(series.values()), function (line) { return line.total + ' ℏ'; }, ' ℏ', 'HBAR spent (ℏ), running total', 0);
  }

  /** One bar per policy, its name above it (a long name wraps in the legend's manner: it gets the full width). */
  function drawBlocks(blocked) {
    var box = document.getElementById('block-chart');
    box.textContent = '';
    if (!blocked.length) { box.appendChild(el('p', '', 'nothing blocked yet')); return; }
    var counts = new Map();
    blocked.forEach(function (call) { counts.set(call.blockedBy.policy, (counts.get(call.blockedBy.policy) || 0) + 1); });
    var most = Math.max.apply(null, Array.from(counts.values()));
    var width = chartWidth(box), row = 40, room = width - 48;
    var svg = svgEl('svg', { viewBox: '0 0 ' + width + ' ' + (counts.size * row + 4), width: width, height: counts.size * row + 4, role: 'img', 'aria-label': 'calls blocked, per policy' });
    var at = 0;
    counts.forEach(function (count, policy) {
      var y = at * row + 2, bar = Math.max(2, count / most * room);
      // SVG text does not wrap: a name longer than the chart is cut, and whole in its tooltip.
      var fits = Math.floor(width / 7);
      var name = svgEl('text', { x: 0, y: y + 13 }, policy.length > fits ? policy.slice(0, fits - 1) + '…' : policy);
      name.appendChild(svgEl('title', {}, policy));
      svg.appendChild(name);
      svg.appendChild(svgEl('rect', { x: 0, y: y + 18, width: bar, height: 14, fill: '#c01c28' }));
      svg.appendChild(svgEl('text', { x: bar + 6, y: y + 30 }, count + (count === 1 ? ' call' : ' calls')));
      at++;
    });
    box.appendChild(svg);
  }

`;
