/**
 * The console's stylesheet, served as /console.css (no inline style: the CSP forbids it). Every
 * card may shrink to its grid track (min-width: 0) and every agent-supplied text wraps inside it:
 * nothing an agent writes can widen a card into its neighbour. Long memos and params scroll in
 * their own boxes; tables lay out fixed columns, so a long name wraps by words, not by letters.
 */
export const CONSOLE_STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1b1f24; background: #f4f5f7; }
header { display: flex; align-items: center; gap: 1em; padding: .6em 1em; background: #1b1f24; color: #fff; }
header h1 { font-size: 1.1em; margin: 0; }
.connection { font-size: .9em; opacity: .8; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1em; padding: 1em; align-items: start; }
@media (max-width: 800px) { main { grid-template-columns: minmax(0, 1fr); } }
.panel { min-width: 0; overflow-wrap: anywhere; background: #fff; border-radius: 6px; padding: .8em 1em; box-shadow: 0 1px 2px rgba(0,0,0,.1); }
.panel.wide, #kill-panel, #charts-panel { grid-column: 1 / -1; }
.panel.wide { overflow-x: auto; }
#kill-panel { display: flex; flex-wrap: wrap; align-items: center; gap: .5em 1em; }
#kill-panel h2, #kill-panel p { margin: 0; }
#pause-state { flex: 1 1 16em; min-width: 0; }
#pause-reason { flex: 1 1 14em; min-width: 0; }
h2 { font-size: 1em; margin: .2em 0 .6em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { text-align: left; padding: .25em .5em; border-bottom: 1px solid #e3e5e8; vertical-align: top; overflow-wrap: anywhere; }
.agent-text { font-family: ui-monospace, monospace; font-size: .93em; white-space: pre-wrap; overflow-wrap: anywhere; border: 1px dashed #8a6d00; background: #fff8db; padding: 0 .25em; border-radius: 3px; }
td .agent-text, dd .agent-text { display: inline-block; max-width: 100%; box-sizing: border-box; vertical-align: top; }
td.agent .principal { display: block; width: fit-content; margin-top: .2em; }
.tool-name { overflow-wrap: anywhere; }
.scroll-box { display: block; max-height: 12em; overflow: auto; }
td .scroll-box { max-height: 6em; }
.outcome { font-weight: 600; padding: 0 .3em; border-radius: 3px; overflow-wrap: anywhere; }
.outcome-executed { background: #d9f2e1; color: #0b5a2a; }
.outcome-blocked { background: #fde2e1; color: #8b1a14; }
.outcome-failed, .outcome-unknown, .outcome-interrupted { background: #fdecd2; color: #7a4300; }
.outcome-pending { background: #dde7fb; color: #1a3f8b; }
.outcome-approved { background: #e6f0d9; color: #3b5a0b; }
.outcome-denied, .outcome-expired, .outcome-abandoned { background: #ececec; color: #3d3d3d; }
.approval-story { font-size: .85em; margin-top: .2em; overflow-wrap: anywhere; }
.approval-next { color: #59606a; }
.decision-notes { list-style: none; padding: 0; }
.decision-note { border-left: 3px solid #1a5fb4; padding: .3em .6em; margin: .3em 0; background: #f3f6fc; }
.approval { border: 1px solid #c9d3e6; border-radius: 4px; padding: .5em; margin: 0 0 .6em; list-style: none; }
#approvals { padding: 0; margin: 0; }
.approval dl { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: .15em .8em; margin: .3em 0; }
.approval dt { color: #59606a; }
.approval dd { margin: 0; min-width: 0; }
.approval .actions { display: flex; flex-wrap: wrap; gap: .4em; align-items: center; }
.approval .actions input { flex: 1 1 12em; min-width: 0; }
button { font: inherit; padding: .25em .8em; border-radius: 4px; border: 1px solid #9aa3ad; background: #f7f8fa; cursor: pointer; }
button.approve { border-color: #0b5a2a; background: #d9f2e1; }
button.deny, button.danger { border-color: #8b1a14; background: #fde2e1; }
input { font: inherit; padding: .2em .4em; box-sizing: border-box; max-width: 100%; }
.paused { color: #8b1a14; font-weight: 600; }
.problems { color: #8b1a14; }
.ok { color: #0b5a2a; font-weight: 600; }
.bad { color: #8b1a14; font-weight: 600; }
#budgets td:first-child { width: 45%; }
.budget-policy { font-weight: 600; }
.budget-scope, .budget-note, .budget-resets { color: #59606a; font-size: .9em; }
.budget-figure meter { display: block; width: 100%; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 360px), 1fr)); gap: 1em 2em; }
.chart { min-width: 0; }
.chart svg { display: block; width: 100%; height: auto; }
.chart svg text { font-family: system-ui, sans-serif; font-size: 12px; fill: #1b1f24; }
.chart svg .grid { stroke: #e3e5e8; }
.chart svg .axis { stroke: #59606a; }
.series-legend { list-style: none; padding: 0; margin: .4em 0 0; font-size: .9em; }
.series-legend li { display: flex; gap: .4em; align-items: baseline; }
.swatch { flex: none; display: inline-block; width: .8em; height: .8em; border-radius: 2px; }
.series-0 { background: #1a5fb4; } .series-1 { background: #c01c28; } .series-2 { background: #26a269; }
.series-3 { background: #e66100; } .series-4 { background: #613583; } .series-5 { background: #865e3c; }
.legend { font-size: .9em; color: #59606a; }
.calls th:nth-child(1) { width: 9%; } .calls th:nth-child(2) { width: 8%; } .calls th:nth-child(3) { width: 19%; }
.calls th:nth-child(4) { width: 10%; } .calls th:nth-child(5) { width: 8%; } .calls th:nth-child(6) { width: 5%; }
.calls th:nth-child(7) { width: 14%; } .calls th:nth-child(8) { width: 11%; } .calls th:nth-child(9) { width: 10%; }
.calls th:nth-child(10) { width: 6%; }
.calls th, .calls td { padding: .25em .35em; }
.calls { min-width: 900px; font-size: .93em; }
`;
