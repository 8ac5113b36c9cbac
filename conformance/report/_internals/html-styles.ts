import { SafeHtml } from './html-template.js';

/** The whole stylesheet of the HTML report: system fonts, light and dark, print-friendly. */
export const HTML_STYLES = new SafeHtml(`
:root {
  color-scheme: light dark;
  --bg: #f5f6f8; --surface: #ffffff; --text: #1c2128; --muted: #5f6b7a; --border: #e2e5ea; --code-bg: #f3f4f6;
  --pass: #1a7f37; --pass-bg: #e7f5ea; --fail: #cf222e; --fail-bg: #fdeeee; --warn: #9a6700; --warn-bg: #fff6dc;
  --info: #0969da; --info-bg: #eaf2fe; --na: #8c959f; --na-bg: #f1f2f4; --shadow: 0 1px 2px rgba(20, 24, 31, .06), 0 4px 16px rgba(20, 24, 31, .04);
  --sans: -apple-system, BlinkMacSystemFont, "Segoe UI Variable", "Segoe UI", Inter, Roboto, "Helvetica Neue", Arial, "Noto Sans", "DejaVu Sans", sans-serif;
  --mono: ui-monospace, "SF Mono", SFMono-Regular, "Cascadia Code", Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --surface: #161b22; --text: #e6edf3; --muted: #8d96a0; --border: #2d333b; --code-bg: #0f141a;
    --pass: #3fb950; --pass-bg: rgba(46, 160, 67, .16); --fail: #ff6b63; --fail-bg: rgba(248, 81, 73, .16);
    --warn: #e3b341; --warn-bg: rgba(187, 128, 9, .18); --info: #58a6ff; --info-bg: rgba(56, 139, 253, .15);
    --na: #6e7681; --na-bg: rgba(110, 118, 129, .12); --shadow: none;
  }
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.55 var(--sans); font-feature-settings: "tnum" 1; }
code, pre { font-family: var(--mono); font-size: .86em; }
.page { max-width: 1040px; margin: 0 auto; padding: 48px 28px 40px; }
.muted { color: var(--muted); font-weight: 400; }
h1, h2, h3 { line-height: 1.2; margin: 0; letter-spacing: -.01em; }

.masthead { margin-bottom: 24px; }
.eyebrow { margin: 0 0 6px; font-size: 12px; font-weight: 600; letter-spacing: .12em; text-transform: uppercase; color: var(--muted); }
h1 { font-size: 32px; font-weight: 700; }
h1 .version { font-size: 18px; font-weight: 600; color: var(--muted); margin-left: 6px; vertical-align: 4px; }
.target { margin: 10px 0 0; font-size: 14px; }
.target code { font-size: 14px; padding: 2px 8px; border-radius: 6px; background: var(--surface); border: 1px solid var(--border); }

.verdict { --accent: var(--pass); --accent-bg: var(--pass-bg); background: var(--surface); border: 1px solid var(--border);
  border-top: 4px solid var(--accent); border-radius: 14px; box-shadow: var(--shadow); padding: 26px 28px 22px; margin-bottom: 36px; }
.verdict-failed, .verdict-error, .verdict-not-reproduced, .verdict-incomplete { --accent: var(--fail); --accent-bg: var(--fail-bg); }
.verdict-main { display: flex; gap: 22px; align-items: center; }
.seal { flex: none; color: var(--accent); width: 72px; height: 72px; }
.verdict-label { margin: 0; font-size: 40px; font-weight: 800; letter-spacing: -.02em; line-height: 1.05; color: var(--accent); }
.verdict-text { margin: 6px 0 10px; font-size: 16px; }
.counts { margin: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.count { font-size: 12.5px; font-weight: 600; padding: 3px 10px; border-radius: 999px; }
.count-fail { color: var(--fail); background: var(--fail-bg); }
.count-warn { color: var(--warn); background: var(--warn-bg); }
.count-info { color: var(--info); background: var(--info-bg); }
.count-zero { color: var(--muted); background: var(--na-bg); }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px 0; margin: 22px 0 0; padding-top: 18px; border-top: 1px solid var(--border); }
.facts div { padding: 0 14px; border-left: 1px solid var(--border); }
.facts div:first-child { padding-left: 0; border-left: 0; }
.facts dt { font-size: 11.5px; font-weight: 600; letter-spacing: .06em; text-transform: uppercase; color: var(--muted); }
.facts dd { margin: 3px 0 0; font-size: 15px; font-weight: 600; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }

.section { margin-bottom: 36px; }
.section-head { display: flex; align-items: baseline; justify-content: space-between; gap: 16px; flex-wrap: wrap; }
h2 { font-size: 20px; font-weight: 700; margin-bottom: 14px; display: flex; align-items: center; gap: 10px; }
h3.group { font-size: 14px; font-weight: 600; color: var(--muted); margin: 18px 0 10px; }
.lede { margin: -6px 0 14px; color: var(--muted); }
.empty { margin: 0; padding: 16px 18px; border-radius: 10px; background: var(--pass-bg); color: var(--pass); font-weight: 500; }
.badge { font-size: 12.5px; font-weight: 700; min-width: 24px; padding: 2px 8px; border-radius: 999px; text-align: center; }
.badge-fail { color: var(--fail); background: var(--fail-bg); }
.badge-warn { color: var(--warn); background: var(--warn-bg); }
.badge-info { color: var(--info); background: var(--info-bg); }

.legend { display: flex; gap: 6px; margin: 0 0 14px; font-size: 12px; }
.legend .cell { min-width: 0; padding: 2px 8px; }
.table-wrap { overflow-x: auto; background: var(--surface); border: 1px solid var(--border); border-radius: 12px; box-shadow: var(--shadow); }
.matrix { width: 100%; border-collapse: collapse; font-size: 14px; }
.matrix th, .matrix td { padding: 7px 14px; border-bottom: 1px solid var(--border); text-align: center; }
.matrix tr:last-child th, .matrix tr:last-child td { border-bottom: 0; }
.matrix thead th { font-weight: 600; background: var(--code-bg); padding-top: 10px; padding-bottom: 10px; }
.matrix thead th code, .matrix tbody th code { font-size: 13px; }
.matrix th[scope=row], .matrix thead th:first-child { text-align: left; font-weight: 500; }
.cell { display: inline-block; min-width: 84px; padding: 3px 10px; border-radius: 6px; font-weight: 600; font-size: 13px; }
.cell small { font-weight: 500; opacity: .75; }
a.cell { text-decoration: none; }
a.cell:hover, a.cell:focus-visible { outline: 2px solid currentColor; outline-offset: 1px; }
:target { scroll-margin-top: 16px; }
.cell.pass { color: var(--pass); background: var(--pass-bg); }
.cell.fail { color: var(--fail); background: var(--fail-bg); }
.cell.warn { color: var(--warn); background: var(--warn-bg); }
.cell.na { color: var(--na); background: transparent; font-weight: 400; }
.legend .cell.na { background: var(--na-bg); }

.finding { background: var(--surface); border: 1px solid var(--border); border-left: 4px solid var(--fail); border-radius: 12px;
  box-shadow: var(--shadow); padding: 18px 20px; margin-bottom: 14px; }
.finding-warning { border-left-color: var(--warn); }
.finding-head { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; font-size: 14px; }
.pill { font-family: var(--mono); font-size: 12px; font-weight: 600; color: var(--fail); background: var(--fail-bg); padding: 2px 8px; border-radius: 6px; }
.op { font-weight: 700; }
.message { margin: 10px 0 12px; font-size: 15.5px; font-weight: 500; }
.also { margin: -6px 0 12px; color: var(--muted); font-size: 13.5px; }
.evidence { display: flex; flex-wrap: wrap; gap: 8px 22px; margin: 0 0 14px; }
.evidence dt { font-size: 11.5px; font-weight: 600; letter-spacing: .05em; text-transform: uppercase; color: var(--muted); }
.evidence dd { margin: 1px 0 0; }
.block { margin-top: 12px; }
.block-label { margin: 0 0 5px; font-size: 12px; font-weight: 700; letter-spacing: .05em; text-transform: uppercase; }
.block-label .muted { text-transform: none; letter-spacing: 0; font-weight: 500; margin-left: 6px; }
pre.code { margin: 0 0 6px; padding: 12px 14px; background: var(--code-bg); border: 1px solid var(--border); border-radius: 8px;
  overflow-x: auto; white-space: pre-wrap; word-break: break-all; line-height: 1.5; }
pre.body { max-height: 17.5em; overflow-y: auto; }
pre.copy { user-select: all; -webkit-user-select: all; cursor: text; }

.note { background: var(--surface); border: 1px solid var(--border); border-left: 4px solid var(--warn); border-radius: 12px; box-shadow: var(--shadow);
  padding: 14px 20px; margin-bottom: 12px; }
.note-info { border-left-color: var(--info); }
.note h3 { font-size: 15px; font-weight: 700; margin: 2px 0 6px; }
.note ul { margin: 0; padding-left: 18px; }
.note li { margin: 4px 0; }
details { margin: 6px 0 4px; }
summary { cursor: pointer; color: var(--muted); font-size: 13px; }
details pre.code { margin-top: 6px; }

.footer { margin-top: 44px; padding-top: 18px; border-top: 1px solid var(--border); color: var(--muted); font-size: 13px; }
.footer p { margin: 4px 0; }

@media (max-width: 760px) {
  .page { padding: 28px 16px; }
  .facts { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 12px 0; }
  .facts div:nth-child(odd) { padding-left: 0; border-left: 0; }
  .verdict-label { font-size: 32px; }
}
@media print {
  body { background: #fff; }
  .verdict, .finding, .note, .table-wrap { box-shadow: none; break-inside: avoid; }
}
`);
