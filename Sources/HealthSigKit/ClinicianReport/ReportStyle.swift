/// The report's inline style sheet, screen and print. Printing uses the printer's paper (A4 or
/// Letter): the page margins leave 180 mm of width on both, charts scale to the width (SVG
/// viewBox), each section starts a page and no chart or table row is split across pages.
enum ReportStyle {
    static let css = """
    :root { color-scheme: light; }
    body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: #1b1b1b; margin: 0 auto; max-width: 60rem; padding: 1.5rem; }
    h1 { font-size: 1.6rem; margin: 0 0 .4rem; }
    h2 { font-size: 1.25rem; border-bottom: 2px solid #ddd; padding-bottom: .2rem; margin-top: 2rem; }
    h3 { font-size: 1.05rem; margin: 1.2rem 0 .3rem; }
    .lead { font-size: 1.1rem; padding: .6rem .8rem; border-left: 6px solid #0072B2; background: #f2f7fb; }
    .lead.bad { border-left-color: #D55E00; background: #fdf3ec; }
    ul.plain li { margin: .25rem 0; }
    table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem; }
    th, td { text-align: left; border-bottom: 1px solid #ddd; padding: .25rem .4rem; vertical-align: top; }
    th { background: #f4f4f4; }
    td.num, th.num { text-align: right; }
    /* Stored text can be one long unbroken word: it wraps anywhere rather than widen its column and push the results off the screen or the page. Headers wrap only between words, so every column keeps at least its header's longest word. */
    td, dd, li, p, figcaption, h1 { overflow-wrap: anywhere; }
    td.mono, span.mono { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .85rem; word-break: break-all; }
    dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
    dl.facts dt { font-weight: 600; }
    dl.facts dd { margin: 0; }
    figure { margin: 1rem 0; }
    figcaption { font-weight: 600; margin-bottom: .2rem; }
    svg.chart, svg.legend { width: 100%; height: auto; display: block; }
    svg text { font: 11px system-ui, sans-serif; fill: #333; }
    svg text.unit { font-weight: 600; }
    .note { color: #555; font-size: .85rem; }
    .stored-altered { color: #A33F00; font-size: .85rem; }
    svg text.badge { font-weight: 700; font-size: 10px; fill: #000; }
    svg text.reference { fill: #2a6a2a; font-size: 10px; }
    details.chart-data { margin: .3rem 0 0; font-size: .85rem; }
    details.chart-data summary { cursor: pointer; color: #333; }
    table.chart-data td, table.chart-data th { padding: .1rem .35rem; }
    section.appendix { display: none; }
    svg.mark { display: inline-block; vertical-align: -1px; margin-right: .3rem; }
    table.workouts td.num { white-space: nowrap; }
    /* Wrapping anywhere lets a table squeeze a text column to one letter ("Acme Therm o"): the devices table's text columns keep a few words' width and a key id two lines, and long tokens still wrap within them. */
    table.devices td:nth-child(1) { min-width: 7em; }
    table.devices td:nth-child(2) { min-width: 6.5em; }
    table.devices td:nth-child(3), table.devices td:nth-child(4) { min-width: 4.5em; }
    table.devices td.mono { min-width: 20ch; }
    @page { margin: 15mm; }
    @media print {
      body { max-width: none; padding: 0; font-size: 10.5pt; }
      section { break-before: page; }
      section#summary { break-before: auto; }
      figure, tr, .lead, dl.facts { break-inside: avoid; page-break-inside: avoid; }
      h2, h3, figcaption { break-after: avoid; }
      thead { display: table-header-group; }
      details.chart-data { display: none; }
      section.appendix { display: block; }
      table.chart-data { font-size: 8.5pt; }
      table.devices { font-size: 9pt; }
    }
    """
}
