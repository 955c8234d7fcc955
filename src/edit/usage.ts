/** How to write PATCH and REWRITE blocks: shown to the model in the prompt and after a malformed block. */

export const PATCH_USAGE = `PATCH edits part of a file. Format:
<PATCH file=path/to/file>
<DIFF>
<SEARCH>
exact lines copied from the file
</SEARCH>
<REPLACE>
the new lines
</REPLACE>
</DIFF>
</PATCH>
- SEARCH must match exactly one place in the file (copy it, with its indentation). An empty REPLACE deletes it.
- For a long block use a span instead of SEARCH: <SEARCH_START>first line</SEARCH_START><SEARCH_END>last line</SEARCH_END>
  then <REPLACE>; the whole lines from the first to the last are replaced. SEARCH_START must be unique.
- Optional <RANGE>10-50</RANGE> inside a DIFF limits the search to those lines (1-based, inclusive).
- Several DIFFs may follow each other; all match the file as it is now, must not overlap, and the file is only
  changed if every DIFF applies.
- A new file: one DIFF with an empty <SEARCH></SEARCH> and the content in REPLACE (or use REWRITE).
- The path may be bare, 'single' or "double" quoted. </PATCH> starts a line.`;

export const REWRITE_USAGE = `REWRITE replaces a whole file (prefer PATCH for small changes). Format:
<REWRITE file=path/to/file>
the complete new content
</REWRITE>
- Directories are created. </REWRITE> must start a line; the line break before it ends the last line.`;
