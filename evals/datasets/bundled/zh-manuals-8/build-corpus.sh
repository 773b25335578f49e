#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set (questions in Traditional Chinese) from the Traditional Chinese help of
# LibreOffice 7.4 that a Debian 12 (bookworm) machine has installed (nothing is downloaded), every file copied exactly
# as Debian ships it (names unchanged, the help split by module because several modules have a page of the same name,
# such as 01020000.html in sdraw/04, smath/04 and simpress/04, or 02140000.html in scalc/01 and scalc/05), from one
# package that no other set uses: libreoffice-help-zh-tw 4:7.4.7-1+deb12u14 (installed under
# /usr/share/libreoffice/help/zh-TW/text, 2,560 HTML pages).
# zh-manuals-6 takes the Simplified Chinese help's "guide" (how-to) pages of swriter, scalc, simpress and shared; this
# set takes none of those pages and none of their subjects, but 107 other pages with at least a few hundred Han
# characters of Traditional Chinese (pages that are still mostly English were skipped):
# 13 of Draw (libreoffice-help-zh-tw/sdraw/: the guide pages on arranging, aligning and distributing, combining and
# shape operations, cross-fading, sectors and segments, duplicating, the Color Replacer, gradients, groups, 3-D
# objects, keyboard use, rotating and adding text, and sdraw/04/01020000, Draw's shortcut keys);
# 15 of Math (libreoffice-help-zh-tw/smath/: the Elements reference pages 03090200 relations, 03090300 operators,
# 03090400 functions, 03090500 brackets, 03090600 attributes, 03090700 formats, 03090800 set operations, 03090900
# examples, 03091200 indexes and exponents, 03091600 other symbols, 05010000 fonts, 06010100 editing symbols, and the
# guide pages align, limits and text);
# 16 of Chart (libreoffice-help-zh-tw/schart/, from schart/01: the data table, data labels, series options (axes,
# pie start angle, missing values, hidden cells), axis label alignment, axis scaling, 3-D view, the area, column and
# bar, column and line, line, pie, stock and XY chart types, and the wizard's chart elements, data range and data
# series pages);
# 9 of Basic (libreoffice-help-zh-tw/sbasic/: the guide page on translating dialog controls, and sbasic/shared
# 01010210 modular structure, 01030200 the Basic editor, 01030300 debugging, 01030400 libraries and modules,
# 01170101 control properties, 03030205 TimeSerial, 03050300 Error with the run-time error list, 03100000
# variables);
# 26 common pages (libreoffice-help-zh-tw/shared/: from shared/01 tabs, cropping, text animation, data sources,
# the Language menu, Chinese conversion and its dictionary, the thesaurus, Hangul/Hanja options, extension updates,
# formatting marks, the Gallery, online update, the master password; from shared/optionen the writing-aids module
# editor, font replacement, accessibility, proxy, complex text layout and the macro security levels and trusted
# sources; from shared/autopi the letter, fax and agenda wizards, HTML export page 2 (WebCast) and the document
# converter);
# 13 of Calc (libreoffice-help-zh-tw/scalc/: from scalc/01 delete contents, move or copy sheet, the three financial
# function pages 04060103, 04060119 and 04060118 (the largest pages of the set), operators, label ranges, the
# page style's Sheet tab, the Detective, the advanced filter, group and outline, text to columns; and scalc/05
# 02140000, the error codes);
# 12 of Writer (libreoffice-help-zh-tw/swriter/, from swriter/01: the envelope dialog and its Format and Printer
# tabs, exchange database, drop caps, columns, text grid, the contour editor, a table's Text Flow tab, styles in
# Writer, conditional styles, sorting);
# 3 of Impress (libreoffice-help-zh-tw/simpress/: dimension lines and interaction from simpress/01, connectors from
# simpress/02).
# Left out: the other 2,453 pages (all the guide pages of Writer, Calc, Impress and the common help, whose subjects
# zh-manuals-6 covers in Simplified Chinese; the reference pages that are short, still mostly English (263 of Basic's
# 420 pages have more English words than Han characters; sdraw/guide/layer*.html are English only), large and half
# English or more (the other Calc function pages: 04060106 mathematical, 04060109 spreadsheet (VLOOKUP), 04060110
# text, 04060181 to 04060185 statistical, 20 to 35 KB each), or about subjects zh-manuals-6 covers (AutoText,
# fields, indexes, footnotes, hyphenation, mail merge, labels, pivot tables, validity, goal seek, word completion,
# smart tags)), the help's index, scripts, CSS, images and sample files, and changelog and copyright files. No other
# package is used.
# Needs libreoffice-help-zh-tw, installed for this set with
# DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 \
#   libreoffice-help-zh-tw
# (it brings libreoffice-l10n-zh-tw; libreoffice-help-common, libreoffice-common and the rest that
# libreoffice-help-zh-cn brings were already installed there, see ../zh-manuals-6/README.md).
# Then: python3 evals/datasets/bundled/zh-manuals-8/check-gold.py; npm run eval -- evals/datasets/bundled/zh-manuals-8
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
h=/usr/share/libreoffice/help/zh-TW/text
p=libreoffice-help-zh-tw
put $p/sdraw "$h"/sdraw/guide/{align_arrange,combine_etc,cross_fading,draw_sector,duplicate_object,eyedropper}.html \
  "$h"/sdraw/guide/{gradient,groups,join_objects3d,keyboard,rotate_object,text_enter}.html "$h"/sdraw/04/01020000.html
put $p/smath "$h"/smath/01/{03090200,03090300,03090400,03090500,03090600,03090700,03090800,03090900}.html \
  "$h"/smath/01/{03091200,03091600,05010000,06010100}.html "$h"/smath/guide/{align,limits,text}.html
put $p/schart "$h"/schart/01/{03010000,04030000,04060000,05020201,05040201,three_d_view,type_area}.html \
  "$h"/schart/01/{type_column_bar,type_column_line,type_line,type_pie,type_stock,type_xy}.html \
  "$h"/schart/01/{wiz_chart_elements,wiz_data_range,wiz_data_series}.html
put $p/sbasic "$h"/sbasic/guide/translation.html \
  "$h"/sbasic/shared/{01010210,01030200,01030300,01030400,01170101,03030205,03050300,03100000}.html
put $p/shared "$h"/shared/01/{05030300,05030800,05320000,05340400,06010500,06010600,06010601,06020000}.html \
  "$h"/shared/01/{06201000,extensionupdate,formatting_mark,gallery,online_update,password_main}.html \
  "$h"/shared/optionen/{01010401,01010700,01013000,01020100,01150300,macrosecurity_sl,macrosecurity_ts}.html \
  "$h"/shared/autopi/{01010000,01020000,01040000,01110200,01130200}.html
put $p/scalc "$h"/scalc/01/{02150000,02180000,04060103,04060118,04060119,04060199,04070400,05070500}.html \
  "$h"/scalc/01/{06030000,12040300,12080000,text2columns}.html "$h"/scalc/05/02140000.html
put $p/swriter "$h"/swriter/01/{04070000,04070200,04070300,04180400,05030400,05040500,05040800,05060201}.html \
  "$h"/swriter/01/{05090300,05130000,05130100,06100000}.html
put $p/simpress "$h"/simpress/01/{05150000,06070000}.html "$h"/simpress/02/10100000.html
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
