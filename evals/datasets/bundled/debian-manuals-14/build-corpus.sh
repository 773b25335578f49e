#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# thirty pages of the Dovecot wiki as Debian ships them, plain text converted from the wiki with `<link>` references,
# some `.txt` and some `.txt.gz` (package dovecot-core), with Dovecot's README.Debian, NEWS.Debian.gz and the wiki's
# index documentation.txt.gz; Graphviz's hand-written HTML pages (the FAQ and the attribute, shape, output-format,
# command-line, language and arrow references), its font FAQ as `.txt.gz`, `Dot.ref.gz` and `latex_suggestions.txt`,
# and three gzipped PDFs, the dot and neato user guides and the dot(1) page (package graphviz-doc); the gnuplot manual
# as one gzipped info file (package gnuplot-doc) with gnuplot's NEWS.gz, README.gz and the extensionless BUGS;
# direnv's Markdown documents, one gzipped (package direnv); Subversion's release notes for 1.9 to 1.14 as the
# project's hand-written HTML pages with the extensionless README and README.Debian and NEWS.Debian.gz (package
# subversion); and Vim's FAQ (gzipped text), Debian's vim-policy.txt.gz and NEWS.Debian.gz and five help files as
# HTML (package vim-doc) beside eight other help files as Vim's own `.txt` help format (package vim-runtime, under
# vim/doc/). Changelogs, copyright files, man pages (roff), example scripts and configuration files, and other forms
# of the same texts are left out: Dovecot's other 244 wiki pages, NEWS.gz and pigeonhole.NEWS.gz (about 0.4 MB of
# change lists), README.gz, TODO.gz and the sieve/ notes; Graphviz's colors.html (a colour table), the build and
# Windows build pages, the schema, the other 61 PDFs (library and man pages, the dotty, lefty and smyrna guides) and
# examples/; gnuplot's manual as gnuplot.pdf, gnuplot.ps, gnuplot.dvi, gnuplot.gih.gz and htmldocs/ (the same text as
# the info file) and examples/; Subversion's NOTICE and examples/; Vim's other 147 HTML help pages, the other help
# files in /usr/share/vim/vim90/doc (options.txt alone is 0.4 MB, version9.txt 1.3 MB) and the HTML form of the
# eight chosen as `.txt` (and the `.txt` form of the five chosen as HTML). Needs the packages dovecot-core,
# graphviz-doc, gnuplot-doc, direnv, subversion, vim-doc and vim-runtime with their docs (apt-get install dovecot-core
# graphviz-doc gnuplot-doc direnv subversion vim-doc; vim-runtime was installed here before, the others were not).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-14
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
dc=$doc/dovecot-core
put dovecot "$dc"/{README.Debian,NEWS.Debian.gz,documentation.txt.gz}
put dovecot/wiki "$dc"/wiki/{Authentication.Penalty,Plugins.Trash,Timeouts,TimeMovedBackwards,PerformanceTuning}.txt \
  "$dc"/wiki/{IMAPServer.Hibernation,Migration.Gmail,Plugins.LastLogin,MissingMailboxes}.txt \
  "$dc"/wiki/{QuickConfiguration,Authentication.PasswordSchemes,MailLocation.Maildir,Quota.Configuration}.txt.gz \
  "$dc"/wiki/{Plugins.Zlib,Replication,SSL.DovecotConfiguration,Logging,LMTP,Pigeonhole.Sieve.Usage}.txt.gz \
  "$dc"/wiki/{Pigeonhole.ManageSieve.Configuration,Upgrading.2.3,HowTo.PostfixAndDovecotSASL,NFS}.txt.gz \
  "$dc"/wiki/{SharedMailboxes.Public,Debugging.Rawlog,WhyDoesItNotWork,Authentication.MasterUsers}.txt.gz \
  "$dc"/wiki/{Plugins.FTS,Migration.Dsync,POP3Server}.txt.gz
gv=$doc/graphviz
put graphviz "$gv"/{Dot.ref.gz,fontfaq.txt.gz,latex_suggestions.txt}
put graphviz/html "$gv/html/FAQ.html"
put graphviz/html/info "$gv"/html/info/{attrs,shapes,output,command,lang,arrows}.html
put graphviz/pdf "$gv"/pdf/{dotguide,neatoguide,dot.1}.pdf.gz
put gnuplot "$info/gnuplot.info.gz" "$doc"/gnuplot/{NEWS.gz,README.gz,BUGS}
put direnv "$doc"/direnv/{README.md.gz,development.md,hook.md,installation.md,ruby.md}
sv=$doc/subversion
put subversion "$sv"/svn_1.{9,10,11,12,13,14}_releasenotes.html "$sv"/{README,README.Debian,NEWS.Debian.gz}
put vim "$doc"/vim/{FAQ.gz,vim-policy.txt.gz,NEWS.Debian.gz}
put vim/html "$doc"/vim/html/{undo,recover,diff,fold,spell}.html
put vim/doc /usr/share/vim/vim90/doc/{usr_05,usr_21,usr_24,starting,terminal,tips,editing,quickfix}.txt
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
