<header>Gadget <sub>(Made-up Ability)</sub></header>
<article>
<h1>Rules Reference</h1>
<style> .lrr > li:before, .lrr > h2 > li:before {content: '42.' counter(item, decimal);} </style>
<style> .lrr {counter-reset: item 1; }</style>
<p>A test page written for Mecatol's parser tests; every sentence here is invented.</p>
    <ol class="lrr">
    <h2><li>Gadget Basics</li></h2>
    <p>This paragraph belongs to the heading above.</p>
    <li>A gadget is a <sc>Widget</sc> of sorts &mdash; see <a href="/R_widget">Widget</a>.</li>
    <ol>
        <li>First sub-rule.</li>
        <li>Second sub-rule with <code>changed words</code>.</li>
    </ol>
    <li>Gadgets come in kinds:</li>
    <ul><li>Red</li><li>Blue</li></ul>
    <li>Choose in order:</li>
    <ol class="roman"><li>one</li><li>two</li><li>three</li><li>four</li></ol>
    </ol>

<h1>Notes</h1>
    <ol class="note">
    <li>A first note.</li>
    <ol><li>Its first sub-note.</li><li>Its second sub-note.</li></ol>
    <li>A second note &amp; more.</li>
    </ol>

<h1>Related Topics</h1>
    <ul>
    <li><a href="/R_widget">Widget</a></li>
    </ul>
</article>
