#include "html/page_assets.hpp"

namespace tare::html {

const char* const kStyleSheet = R"css(
body { font: 14px/1.45 system-ui, sans-serif; color: #1d232a; margin: 24px auto; max-width: 1340px; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 6px; word-break: break-all; }
h2 .file { color: #6a737d; font-weight: normal; font-size: 13px; margin-left: 8px; }
p.lead { color: #57606a; margin: 0 0 16px; }
table.sortable { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
table.sortable th, table.sortable td { padding: 4px 10px; border-bottom: 1px solid #e1e4e8; text-align: left; }
table.sortable th { cursor: pointer; user-select: none; background: #f6f8fa; position: sticky; top: 0; }
table.sortable th[aria-sort="ascending"]::after { content: " \25B2"; }
table.sortable th[aria-sort="descending"]::after { content: " \25BC"; }
table.sortable td[data-value] { text-align: right; }
tr.failed td { color: #b31d28; }
tr.skipped td { color: #6a737d; }
.figures .error, .error { color: #b31d28; }
ul.warnings { color: #7a5a00; background: #fff8e1; padding: 6px 6px 6px 28px; margin: 6px 0; border-radius: 4px; }
ul.warnings li.unusable { color: #b00020; font-weight: bold; }
ul.warnings li.note { color: #555; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
svg.chart { background: #fff; border: 1px solid #e1e4e8; border-radius: 4px; }
svg.chart text { font-size: 11px; fill: #57606a; }
svg.chart .axis line { stroke: #8c959f; }
svg.chart .axis line.grid { stroke: #eaeef2; }
svg.chart .axis-title { font-size: 12px; fill: #24292f; }
svg.chart circle.sample { fill: #0969da; }
svg.chart circle.warmup { fill: #afb8c1; }
svg.chart circle.disturbed { fill: none; stroke: #cf222e; stroke-width: 1.5; }
svg.chart circle.clipped:not(.disturbed) { stroke: #8250df; stroke-width: 1.5; }
svg.chart polyline.series { fill: none; stroke: #0969da; stroke-width: 1; }
svg.chart polyline.unscored, svg.chart polyline.warmup { stroke: #afb8c1; }
svg.chart text.beyond { fill: #8250df; }
svg.chart line.cut { stroke: #57606a; stroke-dasharray: 4 3; }
svg.chart line.changepoint { stroke: #bf8700; stroke-width: 1.5; }
svg.chart line.fork-mean { stroke: #1a7f37; stroke-width: 2; }
svg.chart line.score { stroke: #1a7f37; stroke-width: 1.5; }
svg.chart rect.ci-band { fill: #1a7f37; fill-opacity: 0.15; }
svg.chart rect.bar { fill: #0969da; fill-opacity: 0.75; }
svg.chart rect.bar.disturbed { fill: #cf222e; fill-opacity: 0.55; }
svg.chart circle.fork-dot { fill: #0969da; }
svg.chart circle.unscored { fill: #afb8c1; }
svg.chart rect.threshold-band { fill: #8c959f; fill-opacity: 0.15; }
svg.chart line.no-change { stroke: #57606a; stroke-dasharray: 3 3; }
svg.chart circle.pair { fill: #57606a; fill-opacity: 0.35; }
svg.chart line.ratio-ci { stroke-width: 2.5; }
svg.chart .faster { stroke: #1a7f37; fill: #1a7f37; }
svg.chart .slower { stroke: #cf222e; fill: #cf222e; }
svg.chart .same { stroke: #57606a; fill: #57606a; }
tr.faster td:last-child { color: #1a7f37; }
tr.slower td:last-child { color: #cf222e; }
svg.chart polyline.line { fill: none; stroke-width: 1.8; }
svg.chart g.legend line { stroke-width: 2.5; }
svg.chart .event-p99 { stroke: #cf222e; fill: #cf222e; }
svg.chart .event-p50 { stroke: #ff8182; fill: #ff8182; }
svg.chart .processing-p99 { stroke: #0969da; fill: #0969da; }
svg.chart .processing-p50 { stroke: #80ccff; fill: #80ccff; }
svg.chart .generated { stroke: #57606a; }
svg.chart .taken { stroke: #1a7f37; }
svg.chart .backlog { stroke: #bf8700; }
svg.chart circle.estimate { fill: #0969da; }
svg.chart circle.sampled { fill: #bf8700; }
svg.chart line.estimate-ci { stroke: #0969da; stroke-width: 2.5; }
svg.chart line.sampled-ci { stroke: #bf8700; stroke-width: 2.5; }
table.profile { border-collapse: collapse; margin: 6px 0; font-variant-numeric: tabular-nums; }
table.profile th, table.profile td { padding: 2px 10px; border-bottom: 1px solid #e1e4e8; text-align: left; }
table.profile td.number { text-align: right; }
pre.hot-code { background: #f6f8fa; padding: 8px; overflow-x: auto; font-size: 12px; }
details summary { cursor: pointer; color: #57606a; }
p.method { color: #57606a; font-size: 12px; }
dl.context { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; }
dl.context dt { color: #57606a; }
dl.context dd { margin: 0; word-break: break-all; }
.history-row { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.history-table { flex: 1 1 480px; max-height: 282px; overflow: auto; border: 1px solid #e1e4e8; border-radius: 4px; }
table.history-runs td, table.history-runs th { padding: 2px 6px; white-space: nowrap; }
tr.new-code td { border-top: 2px dashed #8c959f; }
tr.change td { background: #fbefff; }
svg.chart circle.run-score { fill: #0969da; }
svg.chart rect.run-ci { fill: #0969da; fill-opacity: 0.25; stroke: #0969da; stroke-width: 0.5; }
svg.chart polyline.history-line { fill: none; stroke: #0969da; stroke-width: 1.2; }
svg.chart polyline.history-line.alternate { stroke: #1a7f37; }
svg.chart circle.run-score.alternate { fill: #1a7f37; }
svg.chart rect.run-ci.alternate { fill: #1a7f37; stroke: #1a7f37; }
svg.chart line.code-change { stroke: #57606a; stroke-dasharray: 5 3; stroke-width: 1.2; }
svg.chart line.change-mark { stroke: #8250df; stroke-width: 2; }
svg.chart text.change-mark-label { fill: #8250df; font-weight: 600; }
)css";

const char* const kSortScript = R"js(
document.querySelectorAll('table.sortable').forEach(function (table) {
  table.querySelectorAll('th').forEach(function (header, column) {
    header.addEventListener('click', function () {
      var ascending = header.getAttribute('aria-sort') !== 'ascending';
      table.querySelectorAll('th').forEach(function (h) { h.removeAttribute('aria-sort'); });
      header.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
      var body = table.tBodies[0];
      var rows = Array.prototype.slice.call(body.rows);
      var key = function (row) {
        var c = row.cells[column];
        var v = c.getAttribute('data-value');
        return v === null ? c.textContent : parseFloat(v);
      };
      rows.sort(function (a, b) {
        var x = key(a), y = key(b);
        var order = (typeof x === 'number' && typeof y === 'number') ? x - y : String(x).localeCompare(String(y));
        return ascending ? order : -order;
      });
      rows.forEach(function (row) { body.appendChild(row); });
    });
  });
});
)js";

}  // namespace tare::html
