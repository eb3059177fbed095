<article>
<p>This invented page has lost its header, so no title can be read.</p>
<ol class="lrr"><li>Orphan rule.</li></ol>
<ol class="note"><li>Orphan note.</li></ol>
</article>
