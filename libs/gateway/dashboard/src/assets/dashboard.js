// NL Data API dashboard: the copy button, the usage chart, and the batches page's reload and
// file size check. Served from our own origin
// (the Content-Security-Policy allows no inline script and no other origin).
'use strict';

function setUpCopyButtons() {
  for (const button of document.querySelectorAll('button[data-copy]')) {
    button.addEventListener('click', async () => {
      const field = document.getElementById(button.dataset.copy);
      const status = button.parentElement.querySelector('.copied');
      // Selected too, so copying by hand is one keystroke if the clipboard is not allowed.
      const range = document.createRange();
      range.selectNodeContents(field);
      window.getSelection().removeAllRanges();
      window.getSelection().addRange(range);
      try {
        await navigator.clipboard.writeText(field.textContent);
        status.textContent = 'Copied.';
      } catch {
        status.textContent = 'Select the key and copy it by hand.';
      }
    });
  }
}

// Reloads the page every few seconds while its switch is on (the batches page, while a job
// runs); switched off, it waits, and reloads again once switched back on.
function setUpAutoReload() {
  const toggle = document.getElementById('auto-reload');
  if (!toggle) return;
  const ms = Number(toggle.dataset.seconds) * 1000;
  const tick = () => (toggle.checked ? window.location.reload() : setTimeout(tick, ms));
  setTimeout(tick, ms);
}

// A file over the form's limit is refused in the browser, with why, before it is sent: the
// server would refuse it too, but only once it had come, and as JSON.
function setUpFileLimits() {
  for (const input of document.querySelectorAll('input[type="file"][data-max-bytes]')) {
    input.addEventListener('change', () => {
      const max = Number(input.dataset.maxBytes);
      const file = input.files[0];
      input.setCustomValidity(
        file && file.size > max
          ? `The file is over ${max / 1024 / 1024} MB: send it through the API (POST /v1/batches).`
          : '',
      );
      input.reportValidity();
    });
  }
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = resolve;
    script.onerror = reject;
    document.head.appendChild(script);
  });
}

async function drawUsageChart() {
  const canvas = document.getElementById('usage-chart');
  const data = document.getElementById('usage-data');
  if (!canvas || !data) return;
  const series = JSON.parse(data.textContent);
  await loadScript('/dashboard/assets/chart.umd.min.js');
  const Chart = window.Chart;
  new Chart(canvas, {
    type: 'bar',
    data: {
      labels: series.map((d) => d.day.slice(5)),
      datasets: [
        {
          label: 'Credits',
          data: series.map((d) => d.credits),
          backgroundColor: '#0b5cad',
          yAxisID: 'credits',
        },
        {
          label: 'Calls',
          data: series.map((d) => d.calls),
          type: 'line',
          borderColor: '#a4161a',
          backgroundColor: '#a4161a',
          yAxisID: 'calls',
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        credits: { position: 'left', beginAtZero: true, title: { display: true, text: 'credits' } },
        calls: {
          position: 'right',
          beginAtZero: true,
          ticks: { precision: 0 },
          grid: { drawOnChartArea: false },
          title: { display: true, text: 'calls' },
        },
      },
    },
  });
  canvas.dataset.drawn = 'true';
}

document.addEventListener('DOMContentLoaded', () => {
  setUpCopyButtons();
  setUpAutoReload();
  setUpFileLimits();
  drawUsageChart().catch(() => undefined);
});
