#!/usr/bin/env bash
# Builds corpus/ for this folder-QA set from documentation a Debian machine has installed (nothing is downloaded),
# every file copied exactly as Debian ships it (gzipped files stay gzipped, names unchanged, one folder per package):
# the OCRmyPDF 14.0.1 documentation as fourteen Sphinx HTML pages (ocrmypdf-doc/html/: index, introduction,
# cookbook, advanced, batch, docker, errors, jbig2, languages, optimizer, pdfsecurity, performance, plugins and api
# .html) from /usr/share/doc/ocrmypdf/html (package ocrmypdf-doc 14.0.1+dfsg1-1); the Glances 3.3.1.1
# documentation as forty-one Sphinx HTML pages from /usr/share/doc/glances/html (package glances-doc
# 3.3.1.1+dfsg-1): glances-doc/html/index, install, quickstart, cmds (the command reference), config, docker, faq and
# glances (the man page as HTML) .html, all twenty-five "Anatomy Of The Application" pages under aoa/ (index,
# actions, amps, connections, cpu, diskio, docker, events, folders, fs, gpu, hddtemp, header, irq, load, memory,
# monitor, network, ports, ps, quicklook, raid, sensors, smart and wifi .html) and eight of the "Gateway To Other
# Services" export pages under gw/ (index, csv, json, graph, influxdb, prometheus, restful and statsd .html);
# Syncthing's thirteen gzipped man pages in roff (syncthing.1.gz, syncthing-config.5.gz, syncthing-stignore.5.gz,
# and the section 7 pages syncthing-faq, -versioning, -security, -networking, -device-ids, -relay, -globaldisco,
# -localdisco, -rest-api and -event-api .7.gz) from /usr/share/man (package syncthing 1.19.2~ds1-1+b4); SoX's
# gzipped man pages sox.1.gz, soxi.1.gz and soxformat.7.gz (roff, from /usr/share/man) with the gzipped README.gz
# (the formats and effects of this release) and NEWS.gz (package sox 14.4.2+git20190427-3.5); aria2's README.html
# and its gzipped roff man page aria2c.1.gz (the whole manual: options, exit status, files, RPC interface, examples;
# package aria2 1.36.0-1); and the LAME 3.100 HTML documentation, nine pages (lame-doc/html/: index, about,
# introduction, usage, detailed, cbr, abr, vbr and ms_stereo .html) from /usr/share/doc/lame-doc/html (package
# lame-doc 3.100-6).
# Changelogs, copyright files, licence texts and images are left out, and so are: ocrmypdf-doc's release_notes.html
# (the release notes, a changelog), contributing.html and maintainers.html (notes for contributors and for
# distribution packagers), apiref.html (an API reference whose module entries are empty in this build), the Sphinx
# index and search files (genindex.html, search.html, searchindex.js, objects.inv), _sources/ (the reStructuredText
# sources of the same pages), _static/ and _images/, and NEWS.Debian.gz (a 2018 Debian note on environment
# variables); glances-doc's api.html (the REST API reference, 153 KB of mostly JSON sample output), support.html
# (links to support channels), genindex.html, search.html, searchindex.js, objects.inv, .buildinfo, _sources/,
# _static/ and _images/ (screenshots), and ten gw/ pages that each give a short configuration snippet for exporting
# to one more database or message queue (cassandra, couchdb, elastic, graphite, kafka, mqtt, opentsdb, rabbitmq,
# riemann and zeromq .html); Syncthing's syncthing-bep.7.gz (the Block Exchange Protocol wire specification, for
# implementers) and changelog.Debian files; SoX's README.Debian and
# README.source (Debian notes on building the package from git and from source) and the play.1.gz, rec.1.gz and
# soxeffect.7.gz symlinks (the same pages again); aria2's one-line README pointer, README.rst.gz (the same README as
# reStructuredText), NEWS.gz (the 1.36.0 change list), bash_completion/ and xmlrpc/ (a completion script and two
# sample RPC client scripts) and the Portuguese and Russian translations of the man page; and lame-doc's
# history.html (the version history, a changelog), contributors.html, contact.html, list.html (the mailing list) and
# links.html (links to other software and sites).
# Needs the packages ocrmypdf-doc, glances-doc, syncthing, sox, aria2 and lame-doc with their docs, installed one at
# a time:
#   DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o DPkg::Lock::Timeout=900 <pkg>
# (that is: apt-get install --no-install-recommends ocrmypdf-doc glances-doc syncthing sox aria2 lame-doc; none of
# them was installed here before).
# Then: npm run eval -- evals/datasets/bundled/debian-manuals-52
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../copy-installed.sh
. "$here/../copy-installed.sh"
man=/usr/share/man
o=$doc/ocrmypdf/html
put ocrmypdf-doc/html "$o/index.html" "$o/introduction.html" "$o/cookbook.html" "$o/advanced.html" "$o/batch.html" \
  "$o/docker.html" "$o/errors.html" "$o/jbig2.html" "$o/languages.html" "$o/optimizer.html" "$o/pdfsecurity.html" \
  "$o/performance.html" "$o/plugins.html" "$o/api.html"
g=$doc/glances/html
put glances-doc/html "$g/index.html" "$g/install.html" "$g/quickstart.html" "$g/cmds.html" "$g/config.html" \
  "$g/docker.html" "$g/faq.html" "$g/glances.html"
put glances-doc/html/aoa "$g"/aoa/*.html
put glances-doc/html/gw "$g/gw/index.html" "$g/gw/csv.html" "$g/gw/json.html" "$g/gw/graph.html" \
  "$g/gw/influxdb.html" "$g/gw/prometheus.html" "$g/gw/restful.html" "$g/gw/statsd.html"
put syncthing "$man/man1/syncthing.1.gz" "$man/man5/syncthing-config.5.gz" "$man/man5/syncthing-stignore.5.gz" \
  "$man/man7/syncthing-faq.7.gz" "$man/man7/syncthing-versioning.7.gz" "$man/man7/syncthing-security.7.gz" \
  "$man/man7/syncthing-networking.7.gz" "$man/man7/syncthing-device-ids.7.gz" "$man/man7/syncthing-relay.7.gz" \
  "$man/man7/syncthing-globaldisco.7.gz" "$man/man7/syncthing-localdisco.7.gz" \
  "$man/man7/syncthing-rest-api.7.gz" "$man/man7/syncthing-event-api.7.gz"
put sox "$man/man1/sox.1.gz" "$man/man1/soxi.1.gz" "$man/man7/soxformat.7.gz" "$doc/sox/README.gz" \
  "$doc/sox/NEWS.gz"
put aria2 "$doc/aria2/README.html" "$man/man1/aria2c.1.gz"
l=$doc/lame-doc/html
put lame-doc/html "$l/index.html" "$l/about.html" "$l/introduction.html" "$l/usage.html" "$l/detailed.html" \
  "$l/cbr.html" "$l/abr.html" "$l/vbr.html" "$l/ms_stereo.html"
echo "corpus: $(find "$out" -type f | wc -l) files in $out"
