// The live page: follows /live/RUN/events (server-sent events), and opens the report when the run ends.
(function () {
  var run = document.body.dataset.run;
  var $ = function (id) { return document.getElementById(id); };
  var clock = function (sec) {
    var s = Math.max(0, Math.round(sec));
    var h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60, r = s % 60;
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    return h > 0 ? h + ':' + two(m) + ':' + two(r) : m + ':' + two(r);
  };
  var timeOf = function (ms) { return new Date(ms).toLocaleTimeString([], {hour12: false}); };

  var chart = new Chart($('rates'), {
    type: 'line',
    data: {labels: [], datasets: [
      {label: 'answers/s', data: [], borderColor: '#1a73e8', yAxisID: 'y', pointRadius: 0, borderWidth: 1, borderDash: [6, 3]},
      {label: 'goodput/s', data: [], borderColor: '#1e8e3e', yAxisID: 'y', pointRadius: 0, borderWidth: 2.5},
      {label: 'errors/s', data: [], borderColor: '#d93025', yAxisID: 'y', pointRadius: 0, borderWidth: 2},
      {label: 'live threads', data: [], borderColor: '#9334e6', yAxisID: 'y2', pointRadius: 0, borderDash: [4, 3]},
      {label: 'CPU %', data: [], borderColor: '#f29900', yAxisID: 'y2', pointRadius: 0, borderDash: [2, 2]}
    ]},
    options: {animation: false, maintainAspectRatio: false, spanGaps: false,
      scales: {y: {beginAtZero: true, title: {display: true, text: 'per second'}},
               y2: {beginAtZero: true, position: 'right', grid: {drawOnChartArea: false},
                    title: {display: true, text: 'threads · CPU %'}}}}
  });
  var shown = 0; // the last sample drawn (its time)
  var draw = function (samples) {
    samples.filter(function (s) { return s.t > shown; }).forEach(function (s) {
      chart.data.labels.push(timeOf(s.t));
      [s.answers, s.goodput, s.errors, s.threads, s.cpuPct].forEach(function (v, i) { chart.data.datasets[i].data.push(v); });
      shown = s.t;
      $('chart-instance').textContent = '(' + s.instance + ')';
    });
    while (chart.data.labels.length > 120) {
      chart.data.labels.shift();
      chart.data.datasets.forEach(function (d) { d.data.shift(); });
    }
    chart.update();
  };

  // the time to come as the terminal last printed it, counted down here between points
  var eta = null;
  setInterval(function () {
    if (eta === null) { return; }
    var left = eta.sec - (Date.now() - eta.at) / 1000;
    $('eta').textContent = clock(left) + (eta.atMost !== null ? ' (at most ' + clock(eta.atMost - (Date.now() - eta.at) / 1000) + ')' : '')
      + ' · elapsed ' + clock((Date.now() - eta.started) / 1000);
  }, 1000);

  var status = function (d) {
    var s = d.live, skew = Date.now() - d.serverMs;
    $('plan').textContent = s.plannedPoints + ' points, planned ' + clock(s.plannedSec) + ', started ' + timeOf(s.startedMs + skew);
    $('progress').max = s.plannedPoints;
    $('progress').value = s.pointsDone;
    $('done').textContent = s.pointsDone + ' of ' + s.plannedPoints + ' points' + (s.pointsFailed ? ' (' + s.pointsFailed + ' failed)' : '');
    if (s.etaSec !== null) {
      eta = {sec: s.etaSec, atMost: s.etaAtMostSec, at: s.etaAtMs + skew, started: s.startedMs + skew};
    } else {
      eta = {sec: s.plannedSec - (d.serverMs - s.startedMs) / 1000, atMost: null, at: Date.now(), started: s.startedMs + skew};
    }
    var n = s.now;
    $('now').textContent = n ? n.instance + ' · ' + n.tool + ' · ' + n.level + ' connections'
      + (n.rttMs !== null ? ' · link ' + n.rttMs + ' ms' : '') + ' · ' + n.phase + ' (since ' + timeOf(n.sinceMs + skew) + ')' : '—';
    $('message').textContent = s.message || '—';
    var state = $('state');
    if (d.silentSec !== null) {
      state.className = 'silent';
      state.textContent = 'No word from the sweep for ' + d.silentSec + ' s: it was stopped (killed, or its machine stalls). '
        + 'The points recorded so far are in results.json.';
    } else if (s.status === 'running') {
      state.className = '';
      state.textContent = 'running';
    } else {
      state.className = 'ended';
      state.textContent = 'The run has ended: ' + s.status + (s.reportReady ? '' : '; its report is being written…');
      eta = null;
      $('eta').textContent = '—';
    }
    draw(s.samples);
  };

  // the map's measure switch, for every map the events bring (scripts inside innerHTML do not run)
  $('map').addEventListener('change', function (e) {
    if (e.target.name !== 'measure') { return; }
    document.querySelectorAll('#map .map-grid').forEach(function (g) { g.hidden = g.dataset.measure !== e.target.value; });
  });

  var source = new EventSource('/live/' + encodeURIComponent(run) + '/events');
  source.addEventListener('status', function (e) { status(JSON.parse(e.data)); });
  source.addEventListener('map', function (e) {
    var checked = document.querySelector('#map input[name=measure]:checked');
    $('map').innerHTML = JSON.parse(e.data).html;
    if (checked) {
      var again = document.querySelector('#map input[name=measure][value=' + checked.value + ']');
      if (again) { again.checked = true; again.dispatchEvent(new Event('change', {bubbles: true})); }
    }
  });
  source.addEventListener('end', function (e) {
    var d = JSON.parse(e.data);
    source.close();
    var state = $('state');
    state.className = 'ended';
    if (d.report) {
      state.textContent = 'The run has ended: ' + d.status + '. Opening its report…';
      window.location.replace(d.report);
    } else {
      state.textContent = 'The run has ended: ' + d.status + ', with no report page (see the terminal).';
    }
  });
  source.onerror = function () {
    if (source.readyState === EventSource.CONNECTING) {
      $('state').textContent = 'the dashboard does not answer; trying again…';
    }
  };
})();
