/**
 * The console's one page: markup only. Its script and style are separate files (/console.js,
 * /console.css), so the Content-Security-Policy can forbid every inline script and style.
 */
export const CONSOLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Agent Hooks console</title>
<link rel="stylesheet" href="/console.css">
<script src="/console.js" defer></script>
</head>
<body>
<header>
  <h1>Agent Hooks console</h1>
  <span id="connection" class="connection">connecting…</span>
  <span id="approver" class="connection"></span>
</header>
<section id="token-panel" class="panel" hidden>
  <h2>Console token</h2>
  <p>Open the address the console printed (it carries the token after #token=), or paste the token here.</p>
  <input id="token-input" type="password" autocomplete="off" aria-label="console token">
  <button id="token-button" type="button">Use token</button>
</section>
<main>
  <section id="kill-panel" class="panel">
    <h2>Kill switch</h2>
    <p id="pause-state">not connected</p>
    <input id="pause-reason" type="text" maxlength="300" placeholder="why the agents are stopped" aria-label="pause reason">
    <button id="pause-button" type="button" class="danger">Pause agents</button>
    <button id="unpause-button" type="button">Unpause</button>
  </section>
  <section id="approvals-panel" class="panel">
    <h2>Pending approvals</h2>
    <p id="approvals-note">not connected</p>
    <ul id="approvals"></ul>
    <ul id="decision-notes" class="decision-notes" aria-live="polite"></ul>
  </section>
  <section id="budgets-panel" class="panel">
    <h2>Budgets and rate limits left</h2>
    <p id="budgets-note">none reported</p>
    <table class="budgets"><tbody id="budgets"></tbody></table>
  </section>
  <section id="charts-panel" class="panel">
    <div class="charts">
      <div>
        <h2 id="spend-title">HBAR spent over time, per tool</h2>
        <div id="spend-chart" class="chart"></div>
      </div>
      <div>
        <h2>Blocks by policy</h2>
        <div id="block-chart" class="chart"></div>
      </div>
    </div>
  </section>
  <section id="trail-panel" class="panel wide">
    <h2>Calls and audit trail</h2>
    <p><span id="topic"></span> <span id="verify-state"></span> <button id="verify-button" type="button">Verify the trail</button></p>
    <ul id="problems" class="problems"></ul>
    <p class="legend">Text in <span class="agent-text">dashed boxes</span> was supplied by an agent: it is shown as it is and means nothing to this console.</p>
    <table class="calls">
      <thead><tr><th>time</th><th>agent</th><th>tool</th><th>outcome</th><th>status</th><th>HBAR</th><th>memo</th><th>blocked by</th><th>transaction</th><th>on topic</th></tr></thead>
      <tbody id="calls"></tbody>
    </table>
  </section>
</main>
</body>
</html>
`;
