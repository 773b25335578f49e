#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Chinese) from Simplified Chinese documentation that a Debian 12
# (bookworm) machine has installed (nothing is downloaded), every file copied exactly as Debian ships it (names
# unchanged, one folder per package, the LibreOffice help split by module because several modules have a page of the
# same name), from two packages that no other set uses:
# 90 HTML pages of LibreOffice 7.4's help in Simplified Chinese (package libreoffice-help-zh-cn 4:7.4.7-1+deb12u14,
# installed under /usr/share/libreoffice/help/zh-CN/text), all how-to ("guide") pages with a page or more of Chinese
# prose: 33 from Writer's guide (libreoffice-help-zh-cn/swriter/: arranging chapters in the Navigator, automatic
# numbering, AutoText, captions, conditional and hidden text, odd/even page styles, fields, footnotes, form letters,
# master documents, headers and footers, chapter names in headers, index and bibliography entries, line numbering,
# page backgrounds, page numbers, page orientation, page styles, brochures, protection, cross-references, regular
# expressions, sections, smart tags, tables, text frames, hyphenation, word completion, find and replace), 27 from
# Calc's guide (libreoffice-help-zh-cn/scalc/: AutoCorrect, AutoFilter, date arithmetic, fill series, cell
# protection, references to other sheets and documents, conditional formatting, consolidation, CSV, currency formats,
# pivot tables and their filters, find and replace, goal seek, leading zeros, drag and drop, multiple operations,
# comments, landscape printing, repeated rows, print ranges, relative and absolute references, scenarios, numbers as
# text, validity, named ranges, WebQuery), 12 from Impress's guide (libreoffice-help-zh-cn/simpress/: animated GIFs,
# object animation, slide transitions, headers and footers on the slide master, Impress Remote, custom slide shows,
# photo albums, the Presenter Console, printing, rehearsed timings, running a show, spreadsheets in slides) and 18
# from the common guide (libreoffice-help-zh-cn/shared/: remote files and CMIS, collaboration, digital signatures,
# relative and absolute links, labels, document language, recording macros, Microsoft Office documents, OpenPGP
# encryption, Clone Formatting, black-and-white printing, protection, recording, accepting and comparing changes,
# the Template Manager);
# and one PDF, the CTEX FAQ (CTEX 常见问题集, version 0.4 beta, 2007, by 吴凌云; texlive-lang-chinese/ctex-faq.pdf,
# package texlive-lang-chinese 2022.20230122-1, from /usr/share/doc/texlive-doc/latex/ctex-faq).
# Left out: the rest of the LibreOffice help (about 2,470 more pages: the menu and dialog reference pages 00 … 06,
# the Basic, Base, Draw, Math and Chart help, the function reference, option pages; many are short reference entries,
# and several guide pages are still partly or wholly in English, e.g. simpress/guide/masterpage.html), the help's
# index, scripts, CSS, images and sample files, and changelog and copyright files; of texlive-lang-chinese's other
# Chinese PDFs (lshort-zh-cn, the ctex manual, texlive-zh-cn, the Asymptote manual, FAQ and examples,
# install-latex-guide-zh-cn, exam-zh, fduthesis, njurepo, pgfornament-han, xpinyin, zhnumber, zhlipsum, …) each is
# either 1 to 4 MB or mostly a package reference, so only the CTEX FAQ (0.6 MB) is kept, the TeX sources
# (ctex-faq.tex.gz) are left out. Packages that other sets use are not used (see ../zh-manuals-5/README.md and the
# other sets' build-corpus.sh files).
# Needs libreoffice-help-zh-cn and texlive-lang-chinese, installed for this set one at a time with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (libreoffice-help-zh-cn brings libreoffice-help-common, libreoffice-common, libreoffice-l10n-zh-cn,
# libreoffice-style-colibre, ure and its UNO libraries, liblangtag, libnumbertext-data and node-clipboard,
# node-normalize.css and node-prismjs, but not the LibreOffice programs; texlive-lang-chinese brings texlive-base,
# texlive-binaries, texlive-latex-base, texlive-lang-cjk, tex-common, fonts-lmodern and the four fonts-arphic fonts).
# Then: python3 evals/datasets/bundled/zh-manuals-6/check-gold.py; npm run eval -- evals/datasets/bundled/zh-manuals-6
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
h=/usr/share/libreoffice/help/zh-CN/text
w=$h/swriter/guide
put libreoffice-help-zh-cn/swriter "$w"/{arrange_chapters,auto_numbering,autotext,captions,conditional_text}.html \
  "$w"/{even_odd_sdw,fields,finding,footnote_usage,form_letters_main,globaldoc_howtos,header_footer}.html \
  "$w"/{header_pagestyles,header_with_chapter,hidden_text,indices_enter,indices_literature,numbering_lines}.html \
  "$w"/{pagebackground,pagenumbers,pageorientation,pagestyles,print_brochure,protection,references}.html \
  "$w"/{search_regexp,section_insert,smarttags,table_insert,table_sizing,text_frame,using_hyphen}.html \
  "$w"/word_completion_adjust.html
c=$h/scalc/guide
put libreoffice-help-zh-cn/scalc "$c"/{auto_off,autofilter,calc_date,calc_series,cell_protect,cellreferences}.html \
  "$c"/{cellstyle_conditional,consolidate,csv_files,currency_format,datapilot_createtable}.html \
  "$c"/{datapilot_filtertable,finding,goalseek,integer_leading_zero,move_dragdrop,multioperation}.html \
  "$c"/{note_insert,print_landscape,print_title_row,printranges,relativ_absolut_ref,scenario}.html \
  "$c"/{text_numbers,validity,value_with_name,webquery}.html
i=$h/simpress/guide
put libreoffice-help-zh-cn/simpress "$i"/{animated_gif_create,animated_objects,animated_slidechange,footer}.html \
  "$i"/{impress_remote,individual,photo_album,presenter_console,printing,rehearse_timings,show}.html \
  "$i"/table_insert.html
s=$h/shared/guide
put libreoffice-help-zh-cn/shared "$s"/{cmis-remote-files,collab,digital_signatures,digitalsign_send}.html \
  "$s"/{hyperlink_rel_abs,labels,language_select,macro_recording,ms_import_export_limitations,ms_user}.html \
  "$s"/{openpgp,paintbrush,print_blackwhite,protection,redlining_accept,redlining_doccompare}.html \
  "$s"/{redlining_enter,template_manager}.html
put texlive-lang-chinese "$doc"/texlive-doc/latex/ctex-faq/ctex-faq.pdf
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
