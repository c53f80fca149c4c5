import { CONSOLE_CHARTS } from './console-charts.js';

/**
 * The console page's script, served as /console.js. Plain browser JavaScript, no build step. Rules
 * it keeps: every value from the API goes into the page with textContent or as an SVG text node,
 * never as markup (an agent's memo is text, whatever it says); agent-supplied values sit in a
 * dashed `.agent-text` box; links are made only from http(s) URLs the server built; the token
 * lives in sessionStorage and goes out only in the Authorization header.
 */
export const CONSOLE_SCRIPT = String.raw`'use strict';
(function () {
  var TOKEN_KEY = 'agent-hooks-console-token';
  var calls = new Map();
  var pending = [];
  var budgetHistory = [];
  var shownApprovals = new Map();
  var token = readToken();

  function readToken() {
    var match = /(?:^#|&)token=([^&]+)/.exec(location.hash);
    if (match) {
      sessionStorage.setItem(TOKEN_KEY, decodeURIComponent(match[1]));
      // The token leaves the address bar (and the history) as soon as it is read.
      history.replaceState(null, '', location.pathname + location.search);
    }
    return sessionStorage.getItem(TOKEN_KEY) || '';
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /** A value an agent controls: text in a marked box. */
  function agentText(value) {
    var node = el('span', 'agent-text', typeof value === 'string' ? value : JSON.stringify(value));
    node.title = 'agent-supplied text';
    return node;
  }

  /** Agent text that may be long (a memo, params): it scrolls in a box of its own instead of stretching the page. */
  function scrollingText(value, what) {
    var node = agentText(typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    node.classList.add('scroll-box');
    node.dataset.fact = what;
    node.tabIndex = 0;
    return node;
  }

  /** A tool name: agent-supplied, wrapped only where it must be. */
  function toolName(value) {
    var node = agentText(value);
    node.classList.add('tool-name');
    return node;
  }

  function link(url, text) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return el('span', '', text);
    var a = el('a', '', text);
    a.href = url;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    return a;
  }

  function api(path, body) {
    var init = { headers: { authorization: 'Bearer ' + token }, cache: 'no-store' };
    if (body !== undefined) {
      init.method = 'POST';
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(path, init).then(function (res) {
      if (res.status === 401) askToken();
      return res.json().then(function (data) {
        if (!res.ok) throw new Error((data && data.error && data.error.message) || ('HTTP ' + res.status));
        return data;
      });
    });
  }

  function askToken() {
    document.getElementById('token-panel').hidden = false;
    setConnection('the console needs its token');
  }

  function setConnection(text) {
    document.getElementById('connection').textContent = text;
  }

  function hbar(tinybars) {
    if (tinybars === undefined) return '';
    var n = Number(tinybars) / 1e8;
    return String(n);
  }

  /**
   * "user alice · session s-42 · tenant acme", from the names a call's principal carries; a session
   * that only repeats the agent's (a kit's own sessionId) is not said twice.
   */
  function principalText(principal, agentSession) {
    if (!principal || typeof principal !== 'object') return '';
    var parts = [];
    if (typeof principal.userId === 'string') parts.push('user ' + principal.userId);
    if (typeof principal.sessionId === 'string' && principal.sessionId !== agentSession) parts.push('session ' + principal.sessionId);
    if (typeof principal.tenantId === 'string') parts.push('tenant ' + principal.tenantId);
    return parts.join(' \u00b7 ');
  }

  function callRow(call) {
    var row = el('tr');
    row.dataset.id = call.id;
    row.dataset.outcome = call.outcome;
    row.appendChild(el('td', '', call.timestamp));
    // The agent (the session its entries name), not the journal file it wrote: the file is its tooltip.
    var agent = el('td', 'agent');
    agent.appendChild(agentText(call.session || call.source));
    if (call.source) agent.title = call.source;
    // For whom the call ran, when the application said (per-call context): its text, in the agent's box style.
    var whom = principalText(call.principal, call.session);
    if (whom) {
      var principal = agentText(whom);
      principal.className += ' principal';
      agent.appendChild(principal);
    }
    row.appendChild(agent);
    var tool = el('td', 'tool');
    tool.appendChild(toolName(call.tool));
    row.appendChild(tool);
    var outcome = el('td');
    outcome.appendChild(el('span', 'outcome outcome-' + String(call.outcome).replace(/[^a-z]/gi, ''), call.outcome));
    if (call.approval) outcome.appendChild(approvalStory(call.approval));
    row.appendChild(outcome);
    row.appendChild(el('td', '', call.status || ''));
    row.appendChild(el('td', 'amount', hbar(call.hbarTinybars)));
    var memo = el('td', 'memo');
    if (call.memo !== undefined) memo.appendChild(scrollingText(call.memo, 'memo'));
    row.appendChild(memo);
    var blocked = el('td');
    if (call.blockedBy) {
      blocked.appendChild(el('span', '', call.blockedBy.policy + ' at ' + call.blockedBy.stage + ': '));
      if (call.blockedBy.reason) blocked.appendChild(agentText(call.blockedBy.reason));
    } else if (call.error) blocked.appendChild(agentText(call.error));
    // Report mode: the call went on; what would have blocked it is shown apart from a block.
    (call.wouldBlock || []).forEach(function (would) {
      var line = el('div', 'would-block');
      line.appendChild(el('span', '', 'would have blocked (report mode): ' + would.policy + ' at ' + would.stage + (would.reason ? ': ' : '')));
      if (would.reason) line.appendChild(agentText(would.reason));
      blocked.appendChild(line);
    });
    row.appendChild(blocked);
    var tx = el('td');
    if (call.transactionId) tx.appendChild(link(call.transactionLink, call.transactionId));
    row.appendChild(tx);
    row.appendChild(el('td', '', call.delivered ? 'yes' : 'journaled'));
    return row;
  }

  /** A call that needed approval, told in its row: the request, its approvals so far, and what happens next. */
  function approvalStory(approval) {
    var box = el('div', 'approval-story');
    box.dataset.state = approval.state;
    var decided = (approval.decisions || []).map(function (d) { return (d.decision === 'approve' ? 'approved by ' : 'denied by ') + d.by; });
    box.appendChild(el('div', 'approval-line', 'approval ' + approval.requestId + ': ' + approval.state + ', ' + approval.approvals + ' of ' + approval.required + (decided.length ? ' (' + decided.join(', ') + ')' : '')));
    if (approval.next) box.appendChild(el('div', 'approval-next note', approval.next));
    return box;
  }

  function putCall(call) {
    var body = document.getElementById('calls');
    var row = callRow(call);
    var known = calls.get(call.id);
    calls.set(call.id, call);
    var old = body.querySelector('tr[data-id="' + CSS.escape(call.id) + '"]');
    if (old) old.replaceWith(row);
    else body.insertBefore(row, body.firstChild);
    if (!known || known.outcome !== call.outcome) drawCharts();
  }

  function renderOverview(data) {
    var body = document.getElementById('calls');
    body.textContent = '';
    calls.clear();
    (data.calls || []).forEach(function (call) { calls.set(call.id, call); body.insertBefore(callRow(call), body.firstChild); });
    var topic = document.getElementById('topic');
    topic.textContent = '';
    if (data.topicId) {
      topic.appendChild(el('span', '', 'topic '));
      topic.appendChild(link(data.topicLink, data.topicId));
    }
    var problems = document.getElementById('problems');
    problems.textContent = '';
    (data.problems || []).forEach(function (problem) { problems.appendChild(el('li', '', problem)); });
    drawCharts();
  }

  function renderOversight(view) {
    // Who this page's token names: the approver its decisions and pauses are recorded as.
    if (view.approver) document.getElementById('approver').textContent = 'deciding as ' + view.approver;
    var note = document.getElementById('approvals-note');
    pending = view.pending || [];
    note.textContent = !view.connected ? 'no approval store is connected to this console' : pending.length ? pending.length + ' waiting' : 'nothing waiting';
    renderApprovals(pending);
    var state = view.state || { paused: false };
    var pauseState = document.getElementById('pause-state');
    pauseState.className = state.paused ? 'paused' : '';
    pauseState.textContent = '';
    if (!view.connected) pauseState.textContent = 'no kill switch is connected to this console';
    else if (state.paused) {
      pauseState.appendChild(el('span', '', 'PAUSED by ' + (state.pausedBy || 'someone') + ': '));
      pauseState.appendChild(agentText(state.reason || ''));
    } else pauseState.textContent = 'agents are running';
    var canPause = view.connected && state.canPause !== false;
    if (view.connected && !canPause) pauseState.textContent = 'no kill switch is connected: a pause here would stop no agent';
    document.getElementById('pause-button').disabled = !canPause || state.paused;
    document.getElementById('unpause-button').disabled = !canPause || !state.paused;
    renderBudgets(state.budgets || []);
    budgetHistory = view.budgetHistory || [];
    drawCharts();
  }

  /**
   * Keeps the item of a request that did not change, and never moves one already in place: an
   * operator typing a reason keeps it (and the focus) when other requests, calls or budgets arrive.
   * A request that changed (another approval came) is redrawn with the reason typed so far.
   */
  function renderApprovals(requests) {
    var list = document.getElementById('approvals');
    var kept = new Map();
    var cursor = list.firstChild;
    requests.forEach(function (request) {
      var json = JSON.stringify(request);
      var old = shownApprovals.get(request.id);
      var item = old && old.json === json ? old.item : approvalItem(request);
      // A request the ledger approves has no reason box (nothing is decided on the page).
      var typed = old && item !== old.item ? old.item.querySelector('input.reason') : null;
      var box = typed ? item.querySelector('input.reason') : null;
      if (box) box.value = typed.value;
      kept.set(request.id, { json: json, item: item });
      if (item === cursor) cursor = cursor.nextSibling;
      else list.insertBefore(item, cursor);
    });
    while (cursor) {
      var next = cursor.nextSibling;
      cursor.remove();
      cursor = next;
    }
    shownApprovals = kept;
  }

  function approvalItem(request) {
    var item = el('li', 'approval');
    item.dataset.id = request.id;
    var facts = el('dl');
    function fact(name, value, agent) {
      facts.appendChild(el('dt', '', name));
      var dd = el('dd');
      if (agent === 'scroll') dd.appendChild(scrollingText(value, name));
      else if (agent === 'tool') dd.appendChild(toolName(value));
      else if (agent) dd.appendChild(agentText(value));
      else dd.textContent = String(value);
      facts.appendChild(dd);
    }
    fact('tool', request.tool, 'tool');
    fact('what', request.summary, true);
    fact('why', request.why, true);
    // A request the ledger approves shows what its schedule moves as the ledger says (scheduledItem), not the store's account.
    if (!request.schedule) (request.movements || []).forEach(function (move) { fact('moves', move.display + ' from ' + move.from + ' to ' + move.to, true); });
    if (request.preview) {
      var p = request.preview;
      fact('transaction', p.transactionType + (p.transactionId ? ' ' + p.transactionId : ''), true);
      if (p.payer) fact('payer', p.payer, true);
      if (p.memo !== undefined) fact('memo', p.memo, 'scroll');
      if (p.maxFee) fact('max fee', p.maxFee, true);
      if (p.bytesDigest) fact('bytes digest', p.bytesDigest, false);
    }
    fact('params', request.params, 'scroll');
    fact('asked at', request.stage + ', ' + request.requestedAt + (request.expiresAt ? ' (expires ' + request.expiresAt + ')' : ''), false);
    if (request.schedule) return scheduledItem(item, facts, fact, request);
    fact('approvals', request.approvals + ' of ' + request.required, false);
    item.appendChild(facts);
    var actions = el('div', 'actions');
    var reason = el('input');
    reason.type = 'text';
    reason.maxLength = 300;
    reason.placeholder = 'reason (optional)';
    reason.className = 'reason';
    actions.appendChild(reason);
    var approve = el('button', 'approve', 'Approve');
    var deny = el('button', 'deny', 'Deny');
    approve.type = deny.type = 'button';
    function decide(yes) {
      approve.disabled = deny.disabled = true;
      var body = { approve: yes };
      if (reason.value.trim()) body.reason = reason.value.trim();
      api('/api/approvals/' + encodeURIComponent(request.id) + '/decision', body).then(function (outcome) {
        decisionNote(request, outcome);
      }).catch(function (error) {
        approve.disabled = deny.disabled = false;
        item.appendChild(el('p', 'bad', error.message));
      });
    }
    approve.addEventListener('click', function () { decide(true); });
    deny.addEventListener('click', function () { decide(false); });
    actions.appendChild(approve);
    actions.appendChild(deny);
    item.appendChild(actions);
    return item;
  }

  /** What the decision did and what happens next, kept in the panel after the request leaves the list. */
  function decisionNote(request, outcome) {
    var notes = document.getElementById('decision-notes');
    var text;
    if (outcome.status === 'waiting') text = 'Your approval of request ' + request.id + ' is recorded; it waits for more approvals (' + request.required + ' needed). Nothing has been sent.';
    else if (outcome.status === 'denied') text = 'Request ' + request.id + ' is denied: nothing was sent, and it cannot be resumed.';
    else if (request.deferred) text = 'Request ' + request.id + ' is approved, but nothing is sent yet: the agent that asked sends it when it resumes the request, kit.resume(\'' + request.id + '\'). Its row below shows when it has executed.';
    else text = 'Request ' + request.id + ' is approved: the call that waited for it goes on now. Its row below shows what it did.';
    var item = el('li', 'decision-note', text);
    item.dataset.id = request.id;
    item.dataset.status = outcome.status;
    notes.insertBefore(item, notes.firstChild);
    while (notes.children.length > 5) notes.lastChild.remove();
  }

  /** A request the ledger approves: shown with what the ledger waits for and how to sign; the page holds no key, so it has no buttons. */
  function scheduledItem(item, facts, fact, request) {
    var s = request.schedule;
    item.className = 'approval scheduled';
    fact('schedule', s.scheduleId || '(its ID is not recorded yet)', false);
    if (s.scheduledTransactionId) fact('runs as', s.scheduledTransactionId, false);
    if (s.onLedger) s.onLedger.lines.forEach(function (line) { fact('on the ledger', line, true); });
    fact('the ledger needs', s.needs, false);
    fact('signed', s.signed + ' of the ' + request.required + ' approvers required, through agent-hooks', false);
    fact('sign with', s.signCommand, false);
    item.appendChild(facts);
    if (s.onLedger && !s.onLedger.matches) item.appendChild(el('p', 'bad', 'Do not sign: ' + s.onLedger.problem));
    item.appendChild(el('p', 'note', 'The ledger approves this call: an approver signs the schedule with the command above (or signs the ScheduleSign this console prepares, POST /api/approvals/<id>/schedule-sign, away from the page). This console never holds a private key.'));
    return item;
  }

  function renderBudgets(budgets) {
    var table = document.getElementById('budgets');
    table.textContent = '';
    document.getElementById('budgets-note').textContent = budgets.length ? '' : 'none reported';
    // Two columns: whose budget it is, then what is used (with a bar), its note and when it resets.
    budgets.forEach(function (budget) {
      var row = el('tr');
      var who = el('td');
      who.appendChild(el('div', 'budget-policy', budget.policy));
      if (budget.scope) who.appendChild(el('div', 'budget-scope', budget.scope));
      row.appendChild(who);
      var figure = el('td', 'budget-figure');
      figure.appendChild(el('div', 'figure', budget.used !== undefined ? budget.used + ' of ' + budget.limit + ' ' + budget.unit + ' used' : 'limit ' + budget.limit + ' ' + budget.unit));
      var used = Number(budget.used), limit = Number(budget.limit);
      if (budget.used !== undefined && limit > 0 && isFinite(used)) {
        var meter = el('meter');
        meter.min = 0;
        meter.max = limit;
        meter.value = Math.min(used, limit);
        meter.high = limit * 0.8;
        meter.setAttribute('aria-label', budget.used + ' of ' + budget.limit + ' ' + budget.unit);
        figure.appendChild(meter);
      }
      if (budget.note) figure.appendChild(el('div', 'budget-note note', budget.note));
      if (budget.resetsAt) figure.appendChild(el('div', 'budget-resets', 'resets ' + budget.resetsAt));
      row.appendChild(figure);
      table.appendChild(row);
    });
  }

${CONSOLE_CHARTS}  /** Server-sent events read with fetch, so the token goes in a header (EventSource cannot send one). */
  function follow() {
    if (!token) { askToken(); return; }
    fetch('/api/events', { headers: { authorization: 'Bearer ' + token, accept: 'text/event-stream' }, cache: 'no-store' }).then(function (res) {
      if (res.status === 401) { askToken(); return; }
      if (!res.ok || !res.body) throw new Error('HTTP ' + res.status);
      setConnection('live');
      var reader = res.body.getReader();
      var decoder = new TextDecoder();
      var buffer = '';
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) throw new Error('the stream ended');
          buffer += decoder.decode(chunk.value, { stream: true });
          var end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            handleFrame(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
          return pump();
        });
      }
      return pump();
    }).catch(function (error) {
      setConnection('disconnected (' + error.message + '), retrying…');
      setTimeout(follow, 1000);
    });
  }

  function handleFrame(frame) {
    var event = 'message', data = '';
    frame.split('\n').forEach(function (line) {
      if (line.indexOf('event: ') === 0) event = line.slice(7);
      else if (line.indexOf('data: ') === 0) data += line.slice(6);
    });
    if (!data) return;
    var value = JSON.parse(data);
    if (event === 'overview') renderOverview(value);
    else if (event === 'call') putCall(value);
    else if (event === 'oversight') renderOversight(value);
  }

  function verify() {
    var state = document.getElementById('verify-state');
    state.className = '';
    state.textContent = 'verifying…';
    api('/api/verify').then(function (report) {
      if (!report.available) { state.textContent = report.reason; return; }
      state.className = report.ok ? 'ok' : 'bad';
      state.textContent = report.ok ? 'verified: ' + report.entriesOnTopic + ' entries on the topic match the journals' : report.problems.length + ' problems: ' + report.problems.join(' ');
    }).catch(function (error) { state.className = 'bad'; state.textContent = error.message; });
  }

  document.addEventListener('DOMContentLoaded', function () {
    document.getElementById('token-button').addEventListener('click', function () {
      token = document.getElementById('token-input').value.trim();
      sessionStorage.setItem(TOKEN_KEY, token);
      document.getElementById('token-panel').hidden = true;
      follow();
    });
    document.getElementById('pause-button').addEventListener('click', function () {
      var reason = document.getElementById('pause-reason').value.trim() || 'paused from the operator console';
      api('/api/pause', { reason: reason }).catch(function (error) { setConnection(error.message); });
    });
    document.getElementById('unpause-button').addEventListener('click', function () {
      api('/api/unpause', {}).catch(function (error) { setConnection(error.message); });
    });
    document.getElementById('verify-button').addEventListener('click', verify);
    // The charts are drawn at the width they are shown at, so their text keeps its size: redrawn when that changes.
    var resized;
    window.addEventListener('resize', function () {
      clearTimeout(resized);
      resized = setTimeout(drawCharts, 100);
    });
    follow();
  });
})();
`;
