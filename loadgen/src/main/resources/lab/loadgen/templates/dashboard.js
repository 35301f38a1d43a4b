// The home page's instance rows, live: a small chart of answers/s per instance from /instances/events.
(function () {
  if (typeof Chart === 'undefined' || typeof EventSource === 'undefined') { return; }
  var charts = {};
  document.querySelectorAll('td.rates').forEach(function (td) {
    var canvas = td.querySelector('canvas');
    if (!canvas) { return; }
    charts[td.dataset.instance] = {
      rate: td.querySelector('.rate'),
      chart: new Chart(canvas, {
        type: 'line',
        data: {labels: [], datasets: [
          {data: [], borderColor: '#1a73e8', pointRadius: 0, borderWidth: 1.5},
          {data: [], borderColor: '#d93025', pointRadius: 0, borderWidth: 1}]},
        options: {animation: false, maintainAspectRatio: false, events: [],
          plugins: {legend: {display: false}, tooltip: {enabled: false}},
          scales: {x: {display: false}, y: {display: false, beginAtZero: true}}}
      })
    };
  });
  var source = new EventSource('/instances/events');
  source.addEventListener('rates', function (e) {
    JSON.parse(e.data).samples.forEach(function (s) {
      var c = charts[s.instance];
      if (!c) { return; }
      c.chart.data.labels.push(s.t);
      c.chart.data.datasets[0].data.push(s.answers);
      c.chart.data.datasets[1].data.push(s.errors);
      while (c.chart.data.labels.length > 60) {
        c.chart.data.labels.shift();
        c.chart.data.datasets.forEach(function (d) { d.data.shift(); });
      }
      c.chart.update();
      c.rate.textContent = Math.round(s.answers) + '/s' + (s.errors > 0 ? ', ' + Math.round(s.errors) + ' errors/s' : '');
    });
  });
})();
