/* Draws the report's charts from the JSON in #lab-data; marks the page with #charts-ready when done. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('lab-data').textContent);
  var METRICS = [
    { key: 'requestsPerSec', title: 'Requests/sec vs concurrency', unit: 'requests / second', fig: { portal: '4.6', shop: '4.8' } },
    { key: 'meanReplyMs', title: 'Mean reply time vs concurrency', unit: 'milliseconds', fig: { portal: '4.7', shop: '4.9' } },
    { key: 'p99Ms', title: '99th percentile reply time vs concurrency', unit: 'milliseconds' },
    { key: 'errors', title: 'Errors vs concurrency', unit: 'failed requests (count)' },
    { key: 'serverThreads', title: 'Server live threads vs concurrency (max during step)', unit: 'threads' },
    { key: 'serverHeapMb', title: 'Server heap used vs concurrency (max during step)', unit: 'MB' }
  ];
  var TOOLS = ['httperf', 'wrk', 'wrk2'];
  var TOOL_SHORT = { httperf: 'httperf (thesis method)', wrk: 'wrk (closed loop, peak)', wrk2: 'wrk2 (open loop, corrected)' };
  var MODE_COLORS = { jdbc: '#d62728', threadpool: '#1f77b4', nonblocking: '#2ca02c', virtual: '#9467bd', reactive: '#ff7f0e' };
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
    var datasets = series.map(function (s) {
      var pts = s.points.filter(function (p) { return p.concurrency != null; })
        .map(function (p) { return { x: p.concurrency, y: p[metric.key] == null ? null : p[metric.key] }; })
        .sort(function (a, b) { return a.x - b.x; });
      return {
        label: (overlay ? s.run + ' · ' : '') + s.mode,
        data: pts,
        borderColor: color(s.mode),
        backgroundColor: color(s.mode),
        borderDash: RUN_DASH[data.runs.indexOf(s.run) % RUN_DASH.length],
        borderWidth: 2,
        pointRadius: 3,
        spanGaps: false,
        tension: 0
      };
    });
    new Chart(canvas, {
      type: 'line',
      data: { datasets: datasets },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        scales: {
          x: { type: 'linear', title: { display: true, text: 'concurrent connections' } },
          y: { beginAtZero: true, title: { display: true, text: metric.unit } }
        },
        plugins: {
          title: { display: true, text: app + ': ' + metric.title + fig },
          subtitle: { display: true, text: 'measured by ' + TOOL_SHORT[tool] + (overlay ? '; dash pattern = run' : '') },
          legend: { position: 'bottom' }
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
