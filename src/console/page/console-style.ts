/** The console's stylesheet, served as /console.css (no inline style: the CSP forbids it). */
export const CONSOLE_STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1b1f24; background: #f4f5f7; }
header { display: flex; align-items: center; gap: 1em; padding: .6em 1em; background: #1b1f24; color: #fff; }
header h1 { font-size: 1.1em; margin: 0; }
.connection { font-size: .9em; opacity: .8; }
main { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 1em; padding: 1em; }
.panel { background: #fff; border-radius: 6px; padding: .8em 1em; box-shadow: 0 1px 2px rgba(0,0,0,.1); }
.panel.wide { grid-column: 1 / -1; overflow-x: auto; }
h2 { font-size: 1em; margin: .2em 0 .6em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .25em .5em; border-bottom: 1px solid #e3e5e8; vertical-align: top; }
.agent-text { font-family: ui-monospace, monospace; white-space: pre-wrap; word-break: break-all; border: 1px dashed #8a6d00; background: #fff8db; padding: 0 .25em; border-radius: 3px; }
.outcome { font-weight: 600; padding: 0 .4em; border-radius: 3px; }
.outcome-executed { background: #d9f2e1; color: #0b5a2a; }
.outcome-blocked { background: #fde2e1; color: #8b1a14; }
.outcome-failed, .outcome-unknown, .outcome-interrupted { background: #fdecd2; color: #7a4300; }
.outcome-pending { background: #dde7fb; color: #1a3f8b; }
.approval { border: 1px solid #c9d3e6; border-radius: 4px; padding: .5em; margin: 0 0 .6em; list-style: none; }
#approvals { padding: 0; margin: 0; }
.approval dl { display: grid; grid-template-columns: max-content 1fr; gap: .15em .8em; margin: .3em 0; }
.approval dt { color: #59606a; }
button { font: inherit; padding: .25em .8em; border-radius: 4px; border: 1px solid #9aa3ad; background: #f7f8fa; cursor: pointer; }
button.approve { border-color: #0b5a2a; background: #d9f2e1; }
button.deny, button.danger { border-color: #8b1a14; background: #fde2e1; }
.paused { color: #8b1a14; font-weight: 600; }
.problems { color: #8b1a14; }
.ok { color: #0b5a2a; font-weight: 600; }
.bad { color: #8b1a14; font-weight: 600; }
.chart svg { width: 100%; height: auto; }
.legend { font-size: .9em; color: #59606a; }
`;
