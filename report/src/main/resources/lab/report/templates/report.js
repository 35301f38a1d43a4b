/* Draws the report's charts from the JSON in #lab-data; marks the page with #charts-ready when done. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('lab-data').textContent);
  var METRICS = [
    { key: 'requestsPerSec', title: 'Goodput (complete successes/sec) vs concurrency', unit: 'successes / second', fig: { portal: '4.6', shop: '4.8' } },
    { key: 'meanReplyMs', title: 'Mean reply time vs concurrency', unit: 'milliseconds', fig: { portal: '4.7', shop: '4.9' } },
    { key: 'p99Ms', title: '99th percentile reply time vs concurrency', unit: 'milliseconds' },
    { key: 'errorRatePct', title: 'Error rate vs concurrency (non-2xx, degraded pages, socket errors)', unit: '% of requests' },
    { key: 'serverThreads', title: 'Server live threads vs concurrency (max during step)', unit: 'threads' },
    { key: 'serverHeapMb', title: 'Server heap used vs concurrency (max during step)', unit: 'MB' },
    { key: 'littleConcurrency', title: 'Achieved concurrency (req/s × mean reply) vs nominal', unit: 'requests in flight' }
  ];
  var TOOLS = ['httperf', 'wrk', 'wrk2', 'oha'];
  var TOOL_SHORT = { httperf: 'httperf (thesis method)', wrk: 'wrk (closed loop, peak)', wrk2: 'wrk2 (open loop, corrected)',
    oha: 'oha (open loop, corrected)' };
  // a run that sweeps the link (PROFILE=latency) is drawn against RTT, log axis; 0 ms (proxies, no delay) sits at 0.05
  var byRtt = data.series.some(function (s) { return s.points.some(function (p) { return p.rttMs != null; }); });
  var RTT_ZERO = 0.05;
  var rttTicks = [];
  data.series.forEach(function (s) { s.points.forEach(function (p) {
    if (p.rttMs != null && rttTicks.indexOf(Math.max(p.rttMs, RTT_ZERO)) < 0) { rttTicks.push(Math.max(p.rttMs, RTT_ZERO)); }
  }); });
  rttTicks.sort(function (a, b) { return a - b; });
  function xOf(p) { return byRtt ? (p.rttMs == null ? null : Math.max(p.rttMs, RTT_ZERO)) : p.concurrency; }
  function flagged(p) { return (p.flags || []).indexOf('belowNominalConcurrency') >= 0; }
  function disturbed(p) { return (p.flags || []).indexOf('interference') >= 0; }
  var MODE_COLORS = { ceiling: '#000000', jdbc: '#d62728', threadpool: '#1f77b4', nonblocking: '#2ca02c', virtual: '#9467bd', reactive: '#ff7f0e' };
  var SPARE = ['#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
  var RUN_DASH = [[], [7, 4], [2, 3], [10, 3, 2, 3]];
  var overlay = data.runs.length > 1;

  function color(mode) {
    if (!MODE_COLORS[mode]) { MODE_COLORS[mode] = SPARE[Object.keys(MODE_COLORS).length % SPARE.length]; }
    return MODE_COLORS[mode];
  }

  function reasons(series, key) {
    var seen = {};
    series.forEach(function (s) {
      s.points.forEach(function (p) {
        var u = p.unmeasured || {};
        var r = u[key] || u.all || p.error;
        if (r) { seen[r] = true; }
      });
    });
    return Object.keys(seen);
  }

  function note(container, text) {
    var p = document.createElement('p');
    p.className = 'missing';
    p.textContent = text;
    container.appendChild(p);
  }

  function chart(grid, app, metric, tool, series) {
    var box = document.createElement('div');
    box.className = 'chart';
    var canvas = document.createElement('canvas');
    box.appendChild(canvas);
    grid.appendChild(box);
    var fig = tool === 'httperf' && metric.fig && metric.fig[app] ? ' (thesis Fig. ' + metric.fig[app] + ')' : '';
    var datasets = [];
    var drawn = series.slice();
    if (metric.key === 'requestsPerSec' && tool === 'wrk') {
      // the database ceiling (the page's queries with no HTTP) over the closed-loop peak
      data.series.filter(function (s) { return s.app === app && s.tool === 'ceiling'; }).forEach(function (s) { drawn.push(s); });
    }
    drawn.forEach(function (s) {
      var pts = s.points.filter(function (p) { return xOf(p) != null; })
        .map(function (p) { return { x: xOf(p), y: p[metric.key] == null ? null : p[metric.key], p: p }; })
        .sort(function (a, b) { return a.x - b.x; });
      var label = (overlay ? s.run + ' · ' : '') + (s.tool === 'ceiling' ? 'DB ceiling (page queries, no HTTP)' : s.mode);
      datasets.push({
        label: label,
        data: pts,
        borderColor: color(s.mode),
        backgroundColor: color(s.mode),
        borderDash: s.tool === 'ceiling' ? [6, 4] : RUN_DASH[data.runs.indexOf(s.run) % RUN_DASH.length],
        borderWidth: 2,
        pointRadius: pts.map(function (d) { return flagged(d.p) || disturbed(d.p) ? 8 : 3; }),
        pointStyle: pts.map(function (d) { return flagged(d.p) ? 'crossRot' : disturbed(d.p) ? 'triangle' : 'circle'; }),
        pointBorderWidth: pts.map(function (d) { return flagged(d.p) ? 3 : 1; }),
        spanGaps: false,
        tension: 0
      });
      // min–max over the repetitions: one vertical segment per point, gaps between them
      var bars = [];
      pts.forEach(function (d) {
        var sp = d.p.spread && d.p.spread[metric.key];
        if (sp && sp.n > 1) { bars.push({ x: d.x, y: sp.min }, { x: d.x, y: sp.max }, { x: d.x, y: null }); }
      });
      if (bars.length > 0) {
        datasets.push({ label: label + ' (min–max)', range: true, data: bars, borderColor: color(s.mode),
          backgroundColor: color(s.mode), borderWidth: 2, pointRadius: 0, spanGaps: false, tension: 0 });
      }
      if (metric.key === 'littleConcurrency' && !byRtt) {
        datasets.push({ label: 'nominal × 0.8', range: true, data: pts.map(function (d) { return { x: d.x, y: d.x * 0.8 }; }),
          borderColor: '#999', borderDash: [4, 4], borderWidth: 1, pointRadius: 0 });
      }
    });
    new Chart(canvas, {
      type: 'line',
      data: { datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: byRtt ? { type: 'logarithmic', title: { display: true, text: 'link round trip, ms (log; leftmost = 0 through the proxies)' },
                       // one tick per RTT measured, 0 drawn at RTT_ZERO
                       afterBuildTicks: function (axis) { axis.ticks = rttTicks.map(function (v) { return { value: v }; }); },
                       ticks: { callback: function (v) { return v === RTT_ZERO ? '0' : String(v); } } }
                   : { type: 'linear', title: { display: true, text: 'concurrent connections' } },
          y: { beginAtZero: true, title: { display: true, text: metric.unit } }
        },
        plugins: {
          title: { display: true, text: app + ': ' + (byRtt ? metric.title.replace('vs concurrency', 'vs link RTT').replace(' vs nominal', ' vs link RTT') : metric.title) + fig },
          subtitle: { display: true, text: 'measured by ' + TOOL_SHORT[tool] + (overlay ? '; dash pattern = run' : '') },
          legend: { position: 'bottom', labels: { filter: function (item, d) { return !d.datasets[item.datasetIndex].range; } } }
        }
      }
    });
  }

  var drawn = 0;
  data.apps.forEach(function (app) {
    var grid = document.getElementById('charts-' + app);
    var missing = document.getElementById('missing-' + app);
    METRICS.forEach(function (metric) {
      TOOLS.forEach(function (tool) {
        var series = data.series.filter(function (s) { return s.app === app && s.tool === tool; });
        var info = data.tools[tool];
        if (series.length === 0) {
          if (info && !info.used && metric.key === 'requestsPerSec') {
            note(missing, tool + ': — not run (' + info.reason + ').');
          }
          return;
        }
        var hasValue = series.some(function (s) { return s.points.some(function (p) { return p[metric.key] != null; }); });
        if (hasValue) {
          chart(grid, app, metric, tool, series);
          drawn++;
        } else {
          note(missing, app + ', ' + metric.title + ' by ' + tool + ': — ' + (reasons(series, metric.key).join('; ') || 'not measured') + '.');
        }
      });
    });
  });
  var ready = document.createElement('div');
  ready.id = 'charts-ready';
  ready.setAttribute('data-charts', String(drawn));
  ready.hidden = true;
  document.body.appendChild(ready);
})();
