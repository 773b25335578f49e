"""Build multihop-synth-3.jsonl (MuSiQue's released JSONL shape) from a small fictional world. Run: python3 build.py"""
import json, os, re, zlib

# The Hessel Vale: an inland region of river towns, canals and their companies, mills, inventors and their patents,
# bridges, railway lines, schools, choirs and newspapers.
W = {
 # region, rivers, towns
 "Hessel Vale": ("region",
  "The Hessel Vale is an inland region of river and canal towns along the River Hessel and its tributary, the "
  "River Coyle. Its county town is Brantwick, and its other towns are Fallowford, Cresset and Stennick. In the "
  "nineteenth century the vale lived by worsted, paper and cast iron, carried first on the Brantwick Canal and "
  "later by the Hessel Valley Railway. About 112,000 people live in the vale."),
 "River Hessel": ("river",
  "The River Hessel is the main river of the Hessel Vale, 96 km long. It rises on Blackmoor Edge and flows "
  "south-east past Brantwick and Fallowford to Stennick, where the River Coyle joins it. Barges have used the "
  "Hessel below Candle Bridge since 1771."),
 "River Coyle": ("river",
  "The River Coyle is a tributary of the River Hessel, 44 km long. It rises in the hills above Cresset and meets "
  "the larger river at Stennick. The Coyle once turned more wheels than any stream of its size in the county, "
  "among them the hammers of the Garside Foundry, and the Coyle Cut follows its lower valley."),
 "Brantwick": ("town",
  "Brantwick is the county town of the Hessel Vale, on the River Hessel, with a population of 41,000. It received "
  "its charter in 1207. Candle Bridge crosses the river in the town centre, and Brantwick is the seat of the "
  "Hessel Navigation Company, The Brantwick Sentinel and Brantwick Grammar School; the Brantwick Canal starts "
  "from its basin."),
 "Fallowford": ("town",
  "Fallowford is a mill town on the River Hessel, 14 km downstream of Brantwick, with a population of 17,500. It "
  "was granted a market in 1349 and grew with the worsted trade after Quenby Mill opened. Its landmarks include "
  "the Fallowford Chain Bridge, the Fallowford Mechanics' Institute and Abbot's Mill."),
 "Cresset": ("town",
  "Cresset is a market town on the River Coyle, chartered in 1281, with a population of 12,800. Ironworking began "
  "there with the Garside Foundry, and the town is the seat of the Coyle Valley Canal Company and The Coyle "
  "Valley Gazette. The Cresset Iron Bridge carries its high street over the river."),
 "Stennick": ("town",
  "Stennick is a railway town where the River Coyle flows into the River Hessel, with a population of 9,300. A "
  "hamlet of 200 people in 1840, it grew after the Hessel Valley Railway arrived, and Stennick Junction made it "
  "the railway centre of the vale. The Stennick Viaduct strides across the Coyle at the edge of the town."),
 "Haddow Locks": ("town",
  "Haddow Locks is a canal village on the Brantwick Canal, 22 km from Brantwick, with a population of 740. It "
  "grew up around the Haddow Flight, whose keepers' cottages line the towpath, and its chapel was built in 1802. "
  "The railway engineer Jonah Threlkeld and the lock-keeper Ezra Cheverell were born in the village."),
 "Orlingham": ("town",
  "Orlingham is a weaving village 8 km north of Fallowford, with a population of 1,150. Before the power loom its "
  "cottages held some 300 handlooms. The inventor Silas Dunmore and the organist Hugo Trease were born there, and "
  "its church has a window that Dunmore gave in 1850."),
 # waterways and canal companies
 "Blackmoor Reservoir": ("reservoir",
  "Blackmoor Reservoir is a reservoir on Blackmoor Edge, built in 1795 by the Hessel Navigation Company to feed "
  "the summit of the Brantwick Canal. It holds 1.2 million cubic metres of water behind an earth dam 18 m high. "
  "The reservoir now supplies drinking water to Brantwick."),
 "Brantwick Canal": ("canal",
  "The Brantwick Canal is a canal 38 km long that runs from the basin at Brantwick to the River Coyle at Stennick "
  "by way of Haddow Locks. It was built by the Hessel Navigation Company to plans by Ambrose Threlkeld and opened "
  "in 1796; it crosses the River Hessel on the Haddow Aqueduct and is fed by Blackmoor Reservoir. The canal "
  "climbs through the Haddow Flight and carried coal and wool until 1938."),
 "Haddow Flight": ("lock flight",
  "The Haddow Flight is a staircase of twelve locks on the Brantwick Canal at Haddow Locks, completed in 1796, "
  "which lifts boats 41 m. Ezra Cheverell kept the flight from 1815 until 1859, and in 1823 its wooden paddles "
  "were replaced by the Cheverell lock paddle, which he had designed. Boats take about three hours to pass the "
  "flight."),
 "Haddow Aqueduct": ("bridge",
  "The Haddow Aqueduct carries the Brantwick Canal over the River Hessel near Haddow Locks. Built of stone to "
  "plans by Ambrose Threlkeld, it was finished in 1795 and is 96 m long, with five arches. Threlkeld's aqueduct "
  "was the longest on any canal of the county until 1830."),
 "Coyle Cut": ("canal",
  "The Coyle Cut is a canal 14 km long between Cresset and Stennick, running beside the River Coyle. It was dug "
  "by the Coyle Valley Canal Company and opened in 1808, with nine locks. The Cut carried iron from the Garside "
  "Foundry to the Brantwick Canal until the Coyle and Stennick Railway took its trade."),
 "Hessel Navigation Company": ("company",
  "The Hessel Navigation Company (HNC) was a canal company formed at Brantwick in 1789, with the banker Cornelius "
  "Aske as its first chairman. The HNC built the Brantwick Canal and Blackmoor Reservoir and at its height paid "
  "its shareholders 9 per cent a year. The company was bought by the Hessel Valley Railway in 1852."),
 "Coyle Valley Canal Company": ("company",
  "The Coyle Valley Canal Company was formed in Cresset in 1801 by the ironmaster Nathaniel Garside and four "
  "partners. It dug the Coyle Cut to carry the castings of Garside's foundry down to the Hessel, and the builder "
  "Amos Fenner later sat on its board. Having lost its trade to the railways, the company was wound up in 1874."),
 "Hessel Bank": ("company",
  "The Hessel Bank was a private bank in Brantwick, founded in 1780 by Cornelius Aske. It lent the Hessel "
  "Navigation Company most of the money for the Brantwick Canal, and the bank failed in the crash of 1825."),
 # mills and works
 "Quenby Mill": ("mill",
  "Quenby Mill is a former worsted mill in Fallowford, built in 1812 by Bartholomew Oakes on the bank of the "
  "River Hessel. In 1830 it became the first mill to install the Dunmore loom, and at its peak it employed 600 "
  "hands. Oakes's son Tobias Oakes ran the mill from 1850; its floors rest on the Garside girder."),
 "Abbot's Mill": ("mill",
  "Abbot's Mill is a paper mill in Fallowford on a leat of the River Hessel, first recorded in 1590. The printer "
  "Josiah Winstanley owned it from 1824 and made there the paper on which The Brantwick Sentinel was printed; "
  "Winstanley's heirs sold it in 1901. Some 80 people worked at the mill."),
 "Thorne Mill": ("mill",
  "Thorne Mill is a corn mill in Brantwick beside Candle Bridge, built in 1760. Its wheel, 7 m across, is still "
  "turned by the River Hessel. The banker Cornelius Aske owned the mill from 1785, and its flour was the first "
  "cargo carried on the Brantwick Canal."),
 "Garside Foundry": ("works",
  "The Garside Foundry was an ironworks at Cresset on the River Coyle, set up in 1802 by Nathaniel Garside. It "
  "cast the Garside girder and the arch of the Cresset Iron Bridge, forged the chains of the Fallowford Chain "
  "Bridge and later built the Oakes carding engine under licence. The foundry closed in 1931 with 340 men."),
 "Stennick Brickworks": ("works",
  "The Stennick Brickworks was a brickyard on the clay beds east of Stennick, opened in 1844 by the builder Amos "
  "Fenner to supply the Stennick Viaduct. Eleven million of its bricks went into the viaduct. Fenner's yard "
  "employed 150 men and closed in 1962."),
 # railways
 "Hessel Valley Railway": ("railway",
  "The Hessel Valley Railway (HVR) was a railway company whose line between Brantwick and Stennick, 29 km long, "
  "opened in 1847. Its engineer was Jonah Threlkeld, and the line's most admired work is the Stennick Viaduct. In "
  "1852 the HVR bought the Hessel Navigation Company; it was merged into a national company in 1923."),
 "Coyle and Stennick Railway": ("railway",
  "The Coyle and Stennick Railway (C&SR) was a branch line 18 km long that left the main line at Stennick "
  "Junction and ran to Cresset, opened in 1862. Percival Garside was its general manager from 1880 to 1908, and "
  "in 1889 the C&SR founded the Stennick Technical School to train its fitters. Passenger trains on the line "
  "ceased in 1951."),
 "Fallowford Tramway": ("railway",
  "The Fallowford Tramway was a horse tramway 5 km long that linked Fallowford with Orlingham, opened in 1871. "
  "Tobias Oakes promoted it to bring weavers to Quenby Mill, and the tramway was electrified in 1902. It closed "
  "in 1934."),
 "Stennick Junction": ("station",
  "Stennick Junction is a railway station in Stennick, opened in 1862 where the Coyle and Stennick Railway leaves "
  "the Hessel Valley Railway. It was built by the contractor Gideon Fenner, and its iron roof, 90 m long, was "
  "cast by the Garside Foundry. The station's refreshment room was known for its pork pies."),
 # bridges
 "Candle Bridge": ("bridge",
  "Candle Bridge is a stone bridge of seven arches over the River Hessel in Brantwick, 112 m long. It was built "
  "in 1611 in place of a timber bridge on which a candle was kept lit for travellers. Ambrose Threlkeld widened "
  "the bridge in 1794 and added an arch for the towpath of the Brantwick Canal."),
 "Marle Bridge": ("bridge",
  "Marle Bridge is a road bridge of five arches over the River Hessel at Stennick, 86 m long, built in 1790 by "
  "masons of the Hessel Navigation Company. It is the lowest bridge on the Hessel, just above the mouth of the "
  "Coyle."),
 "Stennick Viaduct": ("bridge",
  "The Stennick Viaduct is a brick railway viaduct of 27 arches that carries the Hessel Valley Railway across the "
  "River Coyle at Stennick. Designed by Jonah Threlkeld, it was completed in 1847; it is 410 m long and 31 m "
  "high. Threlkeld's viaduct took eleven million bricks from the Stennick Brickworks."),
 "Fallowford Chain Bridge": ("bridge",
  "The Fallowford Chain Bridge is a suspension footbridge over the River Hessel at Fallowford, opened in 1828 "
  "with a span of 64 m. It was designed by the engineer Obadiah Pryor, and its chains were forged at the Garside "
  "Foundry. Pryor's bridge was strengthened in 1911."),
 "Cresset Iron Bridge": ("bridge",
  "The Cresset Iron Bridge is a cast-iron road bridge over the River Coyle at Cresset, opened in 1819. Nathaniel "
  "Garside designed it, and its single arch was cast at the Garside Foundry from the Garside girder. It was the "
  "first bridge in the vale built of iron and was closed to motor traffic in 1972."),
 # schools
 "Brantwick Grammar School": ("school",
  "Brantwick Grammar School is a boys' school in Brantwick, founded in 1552 by the town's wool merchants. Its "
  "pupils included the canal engineer Ambrose Threlkeld and the printer Josiah Winstanley. The school moved in "
  "1858 to new buildings by Septimus Vane and now has 720 pupils."),
 "Cresset Free School": ("school",
  "Cresset Free School is a boys' school in Cresset, founded in 1710 under the will of a wool merchant. Septimus "
  "Vane rebuilt its schoolroom in 1840, and the ironmaster Nathaniel Garside was among its governors. The school "
  "has 310 pupils."),
 "Fallowford Mechanics' Institute": ("school",
  "The Fallowford Mechanics' Institute was founded in 1836 by Clemency Oakes to give evening classes to mill "
  "workers. Its lecturers included the inventor Silas Dunmore, who taught mechanics there, and its library held "
  "4,000 volumes. The Fallowford Male Voice Choir has rehearsed in the institute's lecture hall since 1878."),
 "Cresset Academy for Girls": ("school",
  "The Cresset Academy for Girls is a girls' school in Cresset, opened in 1864 with 40 pupils. Its first "
  "headmistress was Harriet Dunmore, who led it until 1890, and its hall was designed by Septimus Vane. The "
  "academy now has 560 pupils."),
 "Stennick Technical School": ("school",
  "Stennick Technical School is a college in Stennick, opened in 1889 by the Coyle and Stennick Railway to train "
  "engine fitters and draughtsmen. Its first principal was Walter Baskerfield, and its workshops, built by Gideon "
  "Fenner, stand beside Stennick Junction. The school admitted women from 1917."),
 # choirs, music, a contest
 "Brantwick Choral Society": ("choir",
  "The Brantwick Choral Society is a mixed choir in Brantwick, founded in 1851 by the organist Hugo Trease. It "
  "gives its concerts in the Brantwick Corn Exchange, where in 1887 the society gave the first performance of "
  "Song of the Locks."),
 "Fallowford Male Voice Choir": ("choir",
  "The Fallowford Male Voice Choir is a choir of 60 voices formed in 1878 by weavers of Quenby Mill. Matthias "
  "Trease conducted it from 1890 to 1925, and under him the choir won the Northern Choral Contest three times. It "
  "rehearses in the Fallowford Mechanics' Institute."),
 "Fallowford Orpheus Choir": ("choir",
  "The Fallowford Orpheus Choir is a mixed choir of 70 voices in Fallowford, founded in 1884 by the essayist "
  "Constance Pryor. It sings in the Oddfellows' Hall of the town, and from 1895 to 1900 it shared its conductor, "
  "Matthias Trease, with the Fallowford Male Voice Choir."),
 "Cresset Glee Union": ("choir",
  "The Cresset Glee Union is a glee club of about 40 voices in Cresset, founded in 1859 by the singer Lydia "
  "Threlkeld. It meets in the Cresset Assembly Rooms, and the headmistress Harriet Dunmore sang with the union "
  "for thirty years. It sang at the opening of the Coyle and Stennick Railway in 1862."),
 "Northern Choral Contest": ("competition",
  "The Northern Choral Contest is a choir competition held each spring in the Brantwick Corn Exchange since 1869. "
  "Its male voice trophy was won three times by the Fallowford Male Voice Choir under Matthias Trease, and its "
  "first adjudicator was the organist Hugo Trease."),
 "Song of the Locks": ("music",
  "Song of the Locks is a cantata for choir and orchestra by Rosalind Garside, lasting about 40 minutes. Its "
  "words follow a narrowboat down the Brantwick Canal through the Haddow Flight. It was first performed in 1887 "
  "by the Brantwick Choral Society."),
 "The Weaver's Psalm": ("music",
  "The Weaver's Psalm is a hymn tune written in 1856 by Hugo Trease and named after the handloom weavers of "
  "Orlingham. It was sung at the first concert of the Fallowford Male Voice Choir in 1878 and has been the "
  "choir's anthem ever since."),
 # newspapers and a book
 "The Brantwick Sentinel": ("newspaper",
  "The Brantwick Sentinel is a weekly newspaper founded in Brantwick in 1824 by Josiah Winstanley. Its "
  "circulation reached 6,500 in 1870. The Sentinel's best-known writer was the essayist Constance Pryor, and it "
  "was edited from 1889 by Augusta Winstanley."),
 "The Fallowford Echo": ("newspaper",
  "The Fallowford Echo was a newspaper published in Fallowford from 1862 to 1931. It was started by Edwin "
  "Dunmore, who edited it until his death, and at its height it sold 3,200 copies a week. The Echo was absorbed "
  "by The Coyle Valley Gazette in 1931."),
 "The Coyle Valley Gazette": ("newspaper",
  "The Coyle Valley Gazette is a daily newspaper of Cresset, first issued in 1871 by Mercy Cheverell. The Gazette "
  "absorbed The Fallowford Echo in 1931 and today sells about 9,000 copies. Its offices stand beside the Cresset "
  "Iron Bridge."),
 "Letters from the Towpath": ("book",
  "Letters from the Towpath is a collection of 52 essays by Constance Pryor, published in 1868 by the press of "
  "The Brantwick Sentinel. Its pieces describe life on the Brantwick Canal and in the mills of Fallowford."),
 # inventions and patents
 "Dunmore loom": ("invention",
  "The Dunmore loom is a power loom for worsted cloth, patented in 1829 by Silas Dunmore. A sprung picking stick "
  "let it weave 160 picks a minute, nearly twice the rate of a handloom. The first looms of the type were "
  "installed at Quenby Mill in 1830."),
 "Cheverell lock paddle": ("invention",
  "The Cheverell lock paddle is a geared sluice for canal locks, patented in 1822 by Ezra Cheverell. It let a "
  "single keeper fill a lock in a quarter of the usual time and was first fitted on the Haddow Flight. "
  "Cheverell's patent ran for 14 years."),
 "Garside girder": ("invention",
  "The Garside girder is a cast-iron beam of inverted T section, patented in 1817 by Nathaniel Garside. Cast at "
  "the Garside Foundry, it carried the floors of Quenby Mill and the roadway of the Cresset Iron Bridge."),
 "Oakes carding engine": ("invention",
  "The Oakes carding engine is a machine for combing wool, patented in 1843 by Tobias Oakes. The Garside Foundry "
  "built it under licence, and 212 of the engines were sold by 1860. Oakes's patent was challenged in court by "
  "Silas Dunmore in 1845."),
 # buildings
 "Brantwick Corn Exchange": ("building",
  "The Brantwick Corn Exchange is a hall in Brantwick, opened in 1848 to designs by the architect Septimus Vane "
  "and built by Amos Fenner. Its main hall seats 1,400 people, and the Brantwick Choral Society has given its "
  "concerts there since 1851."),
 "Cresset Assembly Rooms": ("building",
  "The Cresset Assembly Rooms are public rooms in Cresset, built in 1790 at the expense of the banker Cornelius "
  "Aske. The ballroom holds 300 people, and the Cresset Glee Union has met there since 1859."),
 # people
 "Silas Dunmore": ("person",
  "Silas Dunmore (1794–1861) was an inventor born in Orlingham, the son of a handloom weaver. While an overlooker "
  "at Quenby Mill he built the power loom that he patented in 1829 as the Dunmore loom. Dunmore later taught "
  "mechanics at the Fallowford Mechanics' Institute; he was the father of the schoolmistress Harriet Dunmore and "
  "the uncle of the journalist Edwin Dunmore."),
 "Harriet Dunmore": ("person",
  "Harriet Dunmore (1826–1903) was a schoolmistress born in Fallowford, the daughter of the inventor Silas "
  "Dunmore. She was the first headmistress of the Cresset Academy for Girls and led it until 1890; she also sang "
  "contralto in the Cresset Glee Union. Dunmore's primer of arithmetic was used in the schools of the vale for "
  "fifty years."),
 "Edwin Dunmore": ("person",
  "Edwin Dunmore (1832–1899) was a journalist born in Orlingham, a nephew of the inventor Silas Dunmore. He "
  "founded The Fallowford Echo in 1862 and edited it until his death, and Dunmore's leaders helped win the "
  "building of the Fallowford Tramway."),
 "Ambrose Threlkeld": ("person",
  "Ambrose Threlkeld (1761–1830) was a canal engineer born in Cresset and educated at Brantwick Grammar School. "
  "As engineer to the Hessel Navigation Company he laid out the Brantwick Canal, and in 1794 he widened Candle "
  "Bridge. Threlkeld was the father of the railway engineer Jonah Threlkeld and the singer Lydia Threlkeld."),
 "Jonah Threlkeld": ("person",
  "Jonah Threlkeld (1803–1872) was a railway engineer born in Haddow Locks, the son of the canal engineer Ambrose "
  "Threlkeld. He was chief engineer of the Hessel Valley Railway and designed its Stennick Viaduct. Threlkeld's "
  "pupils included Walter Baskerfield."),
 "Lydia Threlkeld": ("person",
  "Lydia Threlkeld (1808–1880) was a singer and choir director born in Haddow Locks, the daughter of the canal "
  "engineer Ambrose Threlkeld. She founded the Cresset Glee Union in 1859 and conducted it for twenty years. "
  "Threlkeld also taught singing at the Cresset Academy for Girls."),
 "Bartholomew Oakes": ("person",
  "Bartholomew Oakes (1780–1850) was a worsted manufacturer born in Brantwick. He built Quenby Mill at Fallowford "
  "in 1812 and was an early shareholder of the Hessel Navigation Company. Oakes was the father of the inventor "
  "Tobias Oakes and the philanthropist Clemency Oakes."),
 "Tobias Oakes": ("person",
  "Tobias Oakes (1811–1877) was a mill owner and inventor born in Fallowford, the son of Bartholomew Oakes. He "
  "patented the Oakes carding engine in 1843, ran Quenby Mill from 1850 and promoted the Fallowford Tramway. "
  "Oakes was mayor of Fallowford in 1859."),
 "Clemency Oakes": ("person",
  "Clemency Oakes (1815–1889) was a philanthropist born in Fallowford, the daughter of the mill owner Bartholomew "
  "Oakes. In 1836 she founded the Fallowford Mechanics' Institute and paid for its library. Oakes also gave the "
  "land for the first board school of the town."),
 "Nathaniel Garside": ("person",
  "Nathaniel Garside (1770–1838) was an ironmaster born in Stennick. He set up the Garside Foundry at Cresset in "
  "1802, patented the Garside girder in 1817 and designed the Cresset Iron Bridge. Garside was the leading "
  "founder of the Coyle Valley Canal Company and married Judith Aske."),
 "Rosalind Garside": ("person",
  "Rosalind Garside (1840–1921) was a composer born in Cresset, a granddaughter of the ironmaster Nathaniel "
  "Garside. She studied under the organist Hugo Trease, and her cantata Song of the Locks was first sung in 1887. "
  "Garside was the sister of the railway manager Percival Garside."),
 "Percival Garside": ("person",
  "Percival Garside (1845–1910) was a railway manager born in Cresset, the brother of the composer Rosalind "
  "Garside. He was general manager of the Coyle and Stennick Railway from 1880 to 1908 and chaired the governors "
  "of the Cresset Academy for Girls. Garside's collection of locomotive drawings is kept at Brantwick."),
 "Judith Aske": ("person",
  "Judith Aske (1778–1849) was a philanthropist born in Brantwick, the daughter of the banker Cornelius Aske and "
  "the wife of the ironmaster Nathaniel Garside. She kept the accounts of the Garside Foundry for thirty years "
  "and left money to Cresset Free School."),
 "Cornelius Aske": ("person",
  "Cornelius Aske (1755–1822) was a banker born in Brantwick who founded the Hessel Bank in 1780. He was the "
  "first chairman of the Hessel Navigation Company, owned Thorne Mill from 1785 and paid for the Cresset Assembly "
  "Rooms. Aske was the father of Judith Aske."),
 "Ezra Cheverell": ("person",
  "Ezra Cheverell (1788–1859) was a lock-keeper and inventor born in Haddow Locks. He kept the Haddow Flight from "
  "1815 until his death and patented the Cheverell lock paddle in 1822. Cheverell's daughter was the newspaper "
  "proprietor Mercy Cheverell."),
 "Mercy Cheverell": ("person",
  "Mercy Cheverell (1820–1895) was a newspaper proprietor born in Haddow Locks, the daughter of the lock-keeper "
  "Ezra Cheverell. She launched The Coyle Valley Gazette at Cresset in 1871 and ran it for twenty years. "
  "Cheverell was an early member of the Cresset Glee Union."),
 "Josiah Winstanley": ("person",
  "Josiah Winstanley (1799–1868) was a printer and papermaker born in Brantwick and educated at Brantwick Grammar "
  "School. In 1824 he bought Abbot's Mill and founded The Brantwick Sentinel. Winstanley's granddaughter Augusta "
  "Winstanley later edited the Sentinel."),
 "Augusta Winstanley": ("person",
  "Augusta Winstanley (1852–1930) was a journalist born in Brantwick, the granddaughter of the printer Josiah "
  "Winstanley. She edited The Brantwick Sentinel from 1889 to 1920, the first woman to edit a newspaper in the "
  "vale, and sang soprano in the Brantwick Choral Society."),
 "Hugo Trease": ("person",
  "Hugo Trease (1818–1895) was an organist and composer born in Orlingham. He founded the Brantwick Choral "
  "Society in 1851 and conducted it for forty years, and he wrote the hymn tune The Weaver's Psalm. Trease was "
  "the uncle of the conductor Matthias Trease and taught the composer Rosalind Garside."),
 "Matthias Trease": ("person",
  "Matthias Trease (1856–1925) was a conductor born in Stennick, a nephew of the organist Hugo Trease. He trained "
  "the Fallowford Male Voice Choir from 1890 until his death and was also organist of the parish church of "
  "Stennick. Trease composed part-songs for men's voices."),
 "Obadiah Pryor": ("person",
  "Obadiah Pryor (1790–1855) was a civil engineer born in Brantwick. His best-known work is the Fallowford Chain "
  "Bridge of 1828; he also surveyed the first route of the Hessel Valley Railway, and his pupils included the "
  "architect Septimus Vane. Pryor was the father of the essayist Constance Pryor."),
 "Constance Pryor": ("person",
  "Constance Pryor (1822–1901) was an essayist born in Fallowford, the daughter of the engineer Obadiah Pryor. "
  "For thirty years she wrote a weekly column for The Brantwick Sentinel, later collected as Letters from the "
  "Towpath, and in 1884 she founded the Fallowford Orpheus Choir."),
 "Septimus Vane": ("person",
  "Septimus Vane (1805–1870) was an architect born in Cresset who had trained under the engineer Obadiah Pryor. "
  "He designed the Brantwick Corn Exchange, the new buildings of Brantwick Grammar School and the hall of the "
  "Cresset Academy for Girls. Vane also rebuilt the schoolroom of Cresset Free School."),
 "Amos Fenner": ("person",
  "Amos Fenner (1801–1866) was a builder and brickmaker born in Cresset. He opened the Stennick Brickworks in "
  "1844, supplied the bricks of the Stennick Viaduct and built the Brantwick Corn Exchange. Fenner later sat on "
  "the board of the Coyle Valley Canal Company and was the father of the contractor Gideon Fenner."),
 "Gideon Fenner": ("person",
  "Gideon Fenner (1830–1899) was a railway contractor, the son of the builder Amos Fenner. He built Stennick "
  "Junction in 1862 and the workshops of Stennick Technical School, and Fenner served as mayor of Stennick in "
  "1880."),
 "Walter Baskerfield": ("person",
  "Walter Baskerfield (1850–1920) was an engineer and teacher born in Stennick. Trained in the workshops of the "
  "Hessel Valley Railway under Jonah Threlkeld, he became in 1889 the first principal of Stennick Technical "
  "School and held the post for 25 years. Baskerfield wrote a textbook of locomotive design."),
 "Eliza Baskerfield": ("person",
  "Eliza Baskerfield (1855–1938) was a schoolmistress born in Stennick, the sister of the engineer Walter "
  "Baskerfield. In 1890 she followed Harriet Dunmore as headmistress of the Cresset Academy for Girls and led it "
  "until 1921. Baskerfield founded the academy's hockey club."),
}

# Short forms a paragraph may use for an entity it also names by title: a person's surname, plus these.
SHORT = {"Hessel Valley Railway": ["HVR"], "Coyle and Stennick Railway": ["C&SR"],
         "Hessel Navigation Company": ["HNC"], "The Brantwick Sentinel": ["Sentinel"],
         "The Fallowford Echo": ["Echo"], "The Coyle Valley Gazette": ["Gazette"],
         "Coyle Cut": ["Cut"], "River Hessel": ["Hessel"], "River Coyle": ["Coyle"]}
for _t, (_typ, _) in W.items():
    if _typ == "person":
        SHORT[_t] = [_t.split()[-1]]
# Generic self-references by type ("the company" in the company's own paragraph).
GENERIC = {"company": ["the company", "the bank"], "canal": ["the canal"], "mill": ["the mill"],
           "works": ["the foundry", "the yard", "Fenner's yard"], "railway": ["the line", "the tramway"],
           "station": ["the station"], "bridge": ["the bridge", "the viaduct", "the aqueduct"],
           "school": ["the school", "the institute", "the academy"],
           "choir": ["the choir", "the society", "the union"],
           "region": ["the vale"], "lock flight": ["the flight"], "reservoir": ["the reservoir"],
           "invention": ["the engines"]}

# id, question, answer, aliases, chain of titles (supporting, in hop order),
# per hop (one per chain paragraph): (relation as the paragraph words it, relation as the question words it)
Q = [
 ("2hop_001", "Which village was the inventor of the Dunmore loom a native of?", "Orlingham", [],
  ["Dunmore loom", "Silas Dunmore"], [("patented", "inventor"), ("born in", "native of")]),
 ("2hop_002", "What is the length of the most celebrated structure on the Hessel Valley Railway?", "410 m",
  ["410 metres"], ["Hessel Valley Railway", "Stennick Viaduct"],
  [("most admired work", "most celebrated structure"), ("long", "length")]),
 ("2hop_003", "Who founded the newspaper that took over The Fallowford Echo?", "Mercy Cheverell", ["Cheverell"],
  ["The Fallowford Echo", "The Coyle Valley Gazette"], [("absorbed", "took over"), ("first issued", "founded")]),
 ("2hop_004", "How many pupils did the school that Harriet Dunmore was the first to head start with?", "40",
  ["forty"], ["Harriet Dunmore", "Cresset Academy for Girls"],
  [("first headmistress", "first to head"), ("opened", "start with")]),
 ("2hop_005", "Who established the choir that gave the premiere of Song of the Locks?", "Hugo Trease", ["Trease"],
  ["Song of the Locks", "Brantwick Choral Society"], [("first performed", "premiere"), ("founded", "established")]),
 ("2hop_006", "In what year did the railway that acquired the Hessel Navigation Company start running trains?",
  "1847", [], ["Hessel Navigation Company", "Hessel Valley Railway"],
  [("bought", "acquired"), ("opened", "start running trains")]),
 ("2hop_007", "How many workers did the mill where Silas Dunmore was an overlooker employ at its peak?", "600",
  ["600 hands", "six hundred"], ["Silas Dunmore", "Quenby Mill"],
  [("overlooker", "overlooker"), ("employ", "employ")]),
 ("2hop_008", "What is the span of the bridge designed by Obadiah Pryor?", "64 m", ["64 metres"],
  ["Obadiah Pryor", "Fallowford Chain Bridge"], [("best-known work", "designed by"), ("span", "span")]),
 ("2hop_009", "Which river does the bridge that Nathaniel Garside designed cross?", "River Coyle",
  ["Coyle", "the Coyle"], ["Nathaniel Garside", "Cresset Iron Bridge"],
  [("designed", "designed"), ("over", "cross")]),
 ("2hop_010", "In what year did the tramway promoted by Tobias Oakes get electric traction?", "1902", [],
  ["Tobias Oakes", "Fallowford Tramway"], [("promoted", "promoted"), ("electrified", "electric traction")]),
 ("3hop_001",
  "Which railway had its first route mapped by the father of the best-known contributor to The Brantwick Sentinel?",
  "Hessel Valley Railway", ["HVR"], ["The Brantwick Sentinel", "Constance Pryor", "Obadiah Pryor"],
  [("writer", "contributor"), ("daughter", "father"), ("surveyed", "mapped")]),
 ("3hop_002", "How many inhabitants has the birthplace of the inventor of the Cheverell lock paddle?", "740",
  ["seven hundred and forty"], ["Cheverell lock paddle", "Ezra Cheverell", "Haddow Locks"],
  [("patented", "inventor"), ("born in", "birthplace"), ("population", "inhabitants")]),
 ("3hop_003", "Who was the first head of the school set up by the railway that Percival Garside ran?",
  "Walter Baskerfield", ["Baskerfield"],
  ["Percival Garside", "Coyle and Stennick Railway", "Stennick Technical School"],
  [("general manager", "ran"), ("founded", "set up"), ("first principal", "first head")]),
 ("3hop_004", "How high is the dam of the reservoir that feeds the canal planned by Ambrose Threlkeld?", "18 m",
  ["18 metres"], ["Ambrose Threlkeld", "Brantwick Canal", "Blackmoor Reservoir"],
  [("laid out", "planned"), ("fed by", "feeds"), ("high", "high")]),
 ("3hop_005", "At which school was the father of the woman who started the Cresset Glee Union a pupil?",
  "Brantwick Grammar School", [], ["Cresset Glee Union", "Lydia Threlkeld", "Ambrose Threlkeld"],
  [("founded", "started"), ("daughter", "father"), ("educated at", "a pupil")]),
 ("3hop_006",
  "In what year was the paper mill acquired by the founder of The Brantwick Sentinel first mentioned in records?",
  "1590", [], ["The Brantwick Sentinel", "Josiah Winstanley", "Abbot's Mill"],
  [("founded", "founder"), ("bought", "acquired"), ("first recorded", "first mentioned in records")]),
 ("3hop_007", "How many of the wool-combing machines invented by Bartholomew Oakes's son had found buyers by 1860?",
  "212", [], ["Bartholomew Oakes", "Tobias Oakes", "Oakes carding engine"],
  [("father", "son"), ("patented", "invented"), ("sold", "found buyers")]),
 ("3hop_008",
  "Which inventor gave lessons in mechanics at the institute established by Bartholomew Oakes's daughter?",
  "Silas Dunmore", ["Dunmore"], ["Bartholomew Oakes", "Clemency Oakes", "Fallowford Mechanics' Institute"],
  [("father", "daughter"), ("founded", "established"), ("taught mechanics", "lessons in mechanics")]),
 ("3hop_009",
  "How long is the aqueduct that takes the canal constructed by the Hessel Navigation Company across the Hessel?",
  "96 m", ["96 metres"], ["Hessel Navigation Company", "Brantwick Canal", "Haddow Aqueduct"],
  [("built", "constructed"), ("crosses the River Hessel on", "takes the canal"), ("long", "long")]),
 ("3hop_010",
  "What is the capacity of the main hall of the corn exchange whose plans were drawn up by an architect who had "
  "trained under Obadiah Pryor?",
   "1,400", ["1400"], ["Obadiah Pryor", "Septimus Vane", "Brantwick Corn Exchange"],
  [("pupils", "trained under"), ("designed", "plans were drawn up"), ("seats", "capacity")]),
 ("3hop_011", "What is the birthplace of the man who led the choir that has The Weaver's Psalm as its anthem?",
  "Stennick", [], ["The Weaver's Psalm", "Fallowford Male Voice Choir", "Matthias Trease"],
  [("anthem", "anthem"), ("conducted", "led"), ("born in", "birthplace")]),
 ("3hop_012",
  "In what year was the bridge whose chains were made at the foundry Nathaniel Garside established reinforced?",
  "1911", [], ["Nathaniel Garside", "Garside Foundry", "Fallowford Chain Bridge"],
  [("set up", "established"), ("forged the chains", "chains were made"), ("strengthened", "reinforced")]),
 ("4hop_001", "Which choir practises in the institute started by the daughter of the man who erected Quenby Mill?",
  "Fallowford Male Voice Choir", [],
  ["Quenby Mill", "Bartholomew Oakes", "Clemency Oakes", "Fallowford Mechanics' Institute"],
  [("built", "erected"), ("father", "daughter"), ("founded", "started"), ("rehearsed", "practises")]),
 ("4hop_002",
  "From what year does the chapel in the native village of the designer of the viaduct built with bricks from the "
  "Stennick Brickworks date?",
   "1802", [], ["Stennick Brickworks", "Stennick Viaduct", "Jonah Threlkeld", "Haddow Locks"],
  [("to supply", "built with bricks from"), ("Designed by", "designer"), ("born in", "native village"),
   ("built in", "date")]),
 ("4hop_003",
  "What was the peak weekly sale of the newspaper started by the nephew of the inventor of the Dunmore loom?",
  "3,200", ["3200", "3,200 copies"], ["Dunmore loom", "Silas Dunmore", "Edwin Dunmore", "The Fallowford Echo"],
  [("patented", "inventor"), ("uncle", "nephew"), ("founded", "started"), ("sold", "weekly sale")]),
 ("4hop_004",
  "Which public rooms were funded by the man who first presided over the company that constructed the canal "
  "carried by the Haddow Aqueduct?",
   "Cresset Assembly Rooms", [],
  ["Haddow Aqueduct", "Brantwick Canal", "Hessel Navigation Company", "Cornelius Aske"],
  [("carries", "carried by"), ("built by", "constructed"), ("first chairman", "first presided over"),
   ("paid for", "funded")]),
 ("4hop_005", "How long is the roof of the station where the railway managed by Rosalind Garside's brother begins?",
  "90 m", ["90 metres"], ["Rosalind Garside", "Percival Garside", "Coyle and Stennick Railway", "Stennick Junction"],
  [("sister", "brother"), ("general manager", "managed"), ("left the main line at", "begins"), ("long", "long")]),
 ("4hop_006", "What is the present sale of the newspaper founded by the daughter of the keeper of the Haddow Flight?",
  "9,000", ["9000", "about 9,000"],
  ["Haddow Flight", "Ezra Cheverell", "Mercy Cheverell", "The Coyle Valley Gazette"],
  [("kept the flight", "keeper"), ("daughter", "daughter"), ("launched", "founded"), ("sells", "present sale")]),
 ("4hop_007", "When did the foundry established by the grandfather of the composer of Song of the Locks shut?",
  "1931", [], ["Song of the Locks", "Rosalind Garside", "Nathaniel Garside", "Garside Foundry"],
  [("cantata", "composer"), ("granddaughter", "grandfather"), ("set up", "established"), ("closed", "shut")]),
 ("4hop_008",
  "Which bridge is the most famous work of the engineer who taught the architect of the hall of the school Harriet "
  "Dunmore was the first to lead?",
   "Fallowford Chain Bridge", [], ["Harriet Dunmore", "Cresset Academy for Girls", "Septimus Vane", "Obadiah Pryor"],
  [("first headmistress", "first to lead"), ("hall was designed by", "architect of the hall"),
   ("trained under", "taught"), ("best-known work", "most famous work")]),
]
# id, question, chain (each title reached from the previous paragraph), per bridging hop (paragraph wording, question
# wording), words the last paragraph must lack (the missing fact), a neighbouring entity whose paragraph has that fact
U = [
 ("unans_001", "How long is the iron bridge whose roadway rests on the beam patented by Nathaniel Garside?",
  ["Nathaniel Garside", "Garside girder", "Cresset Iron Bridge"], [("patented", "patented"), ("carried", "rests on")],
  ["long", "length", "span", "metre"], "Candle Bridge"),
 ("unans_002",
  "How high is the aqueduct that carries the canal built by the Hessel Navigation Company over the Hessel?",
  ["Hessel Navigation Company", "Brantwick Canal", "Haddow Aqueduct"],
  [("built", "built"), ("crosses the River Hessel on", "carries the canal")], ["high", "height", "tall"],
  "Stennick Viaduct"),
 ("unans_003", "How many students does the college that the railway run by Percival Garside opened have?",
  ["Percival Garside", "Coyle and Stennick Railway", "Stennick Technical School"],
  [("general manager", "run by"), ("founded", "opened")], ["pupils", "students"], "Cresset Academy for Girls"),
 ("unans_004",
  "Where was the contractor who built the station at which the Coyle and Stennick Railway leaves the main line born?",
  ["Coyle and Stennick Railway", "Stennick Junction", "Gideon Fenner"],
  [("main line", "main line"), ("built by", "contractor who built")], ["born", "native"], "Amos Fenner"),
 ("unans_005", "From what year did the institute founded by Bartholomew Oakes's daughter admit women?",
  ["Bartholomew Oakes", "Clemency Oakes", "Fallowford Mechanics' Institute"],
  [("father", "daughter"), ("founded", "founded")], ["women", "admit"], "Stennick Technical School"),
 ("unans_006",
  "How many voices does the choir started by the uncle of the conductor of the Fallowford Male Voice Choir have?",
  ["Fallowford Male Voice Choir", "Matthias Trease", "Hugo Trease", "Brantwick Choral Society"],
  [("conducted", "conductor"), ("nephew", "uncle"), ("founded", "started")], ["singers", "voices", "members"],
  "Cresset Glee Union"),
]

GENERIC_TOKENS = {"The", "River", "Bridge", "Mill", "School", "Company", "Railway", "Canal", "Choir", "Society",
                  "Union", "Institute", "Academy", "Girls", "Grammar", "Free", "Technical", "Valley", "Male", "Voice",
                  "Glee", "Choral"}

def words(s): return {w.strip('.,;()\'"?').lower() for w in s.split() if len(w) > 3}

def tokens(title): return {w for w in re.findall(r"[A-Z][\w']+", title) if len(w) > 3 and w not in GENERIC_TOKENS}

def distractors(chain, question, n, must=()):
    """The hardest others first: paragraphs sharing the question's words, linked to (naming) the chain, of a chain
    entity's type, or sharing a name with it (a surname, a town: Garside Foundry for Nathaniel Garside)."""
    qw = words(question)
    ctypes = {W[c][0] for c in chain}
    ctoks = set().union(*(tokens(c) for c in chain))
    def hard(t):
        typ, text = W[t]
        return (len(qw & words(text)) + 2 * sum(names(text, c) for c in chain) + (typ in ctypes)
                + 3 * len(tokens(t) & ctoks), t)
    others = sorted((t for t in W if t not in chain and t not in must), key=hard, reverse=True)
    return list(must) + others[:n - len(must)]

def line(qid, question, answer, aliases, chain, answerable, must=()):
    titles = chain + distractors(chain, question, 20 - len(chain), must)
    order = sorted(titles, key=lambda t: (zlib.crc32(f'{qid}/{t}'.encode()), t))
    paras = [{"idx": i, "title": t, "paragraph_text": W[t][1],
              "is_supporting": answerable and t in chain} for i, t in enumerate(order)]
    return {"id": qid, "question": question, "answer": answer, "answer_aliases": aliases, "answerable": answerable,
            "paragraphs": paras}

def strip_titles(text, keep=None):
    """The text with every title of the world blanked out, longest first (except keep)."""
    for other in sorted(W, key=len, reverse=True):
        if other != keep:
            text = text.replace(other, " ")
    return text

def names(text, title):
    """Whether text names title as a link: the whole title, not only inside a longer title (Stennick in Stennick
    Junction)."""
    for other in sorted(W, key=len, reverse=True):
        if other != title and title in other:
            text = text.replace(other, " ")
    return re.search(r'(?<!\w)' + re.escape(title) + r'(?!\w)', text) is not None

def has_word(text, w, flags=0):
    return re.search(r'(?<!\w)' + re.escape(w) + r'(?!\w)', text, flags) is not None

def check_chain(qid, question, chain, rels):
    assert len(set(chain)) == len(chain) and all(t in W for t in chain), (qid, chain)
    assert chain[0].lower() in question.lower(), (qid, "question must name its first entity", chain[0])
    rest = question.replace(chain[0], " ")
    for t in chain[1:]:
        assert t.lower() not in question.lower(), (qid, "question names a later entity", t)
        for s in SHORT.get(t, []):
            assert not has_word(rest, s), (qid, "question names a later entity by its short form", t, s)
    for a, b in zip(chain, chain[1:]):
        assert names(W[a][1], b), (qid, f"{a!r} does not name {b!r}")
    differ = 0
    for t, (pw, qw) in zip(chain, rels):
        assert pw in W[t][1], (qid, t, "paragraph wording not in paragraph", pw)
        assert qw.lower() in question.lower(), (qid, "question wording not in question", qw)
        differ += pw.lower() not in question.lower()
    return differ

n_checks = n_hops = n_differ = 0
for q in Q:
    qid, question, answer, aliases, chain, rels = q
    assert qid.startswith(f"{len(chain)}hop_") and len(rels) == len(chain), qid
    n_differ += check_chain(qid, question, chain, rels)
    n_hops += len(chain)
    hops = chain[1:] + [answer]  # each hop's answer: the next entity (a bridge), then the answer
    for t, a in zip(chain, hops):
        assert a in W[t][1], (qid, t, a)
        n_checks += 1
    for t in chain[:-1]:  # no shortcut: the answer is not already in an earlier paragraph of the chain
        assert answer not in W[t][1], (qid, "answer already in", t)
    assert answer.lower() not in question.lower(), (qid, "answer in question")
for qid, question, chain, rels, absent, neighbour in U:
    assert qid.startswith("unans_") and len(rels) == len(chain) - 1, qid
    n_differ += check_chain(qid, question, chain, rels)
    n_hops += len(rels)
    last = chain[-1]
    for w in absent:  # the missing fact: not in the last paragraph, nor in any sentence of the world naming it
        assert not re.search(re.escape(w), W[last][1], re.I), (qid, "the missing fact's word is present", w)
        for t, (_, text) in W.items():
            for sent in re.split(r'(?<=[.;])\s+', text):
                near = names(sent, last) and re.search(re.escape(w), strip_titles(sent), re.I)
                assert not near, (qid, "the missing fact's word is in a sentence naming the entity", t, w)
        n_checks += 1
    assert neighbour in W and neighbour not in chain, (qid, neighbour)
    assert W[neighbour][0] == W[last][0], (qid, "the neighbour is not of the same type as the entity", neighbour)
    assert any(re.search(re.escape(w), W[neighbour][1], re.I) for w in absent), (qid, "neighbour lacks the fact")
assert len({q[0] for q in Q} | {u[0] for u in U}) == len(Q) + len(U)
counts = {h: sum(len(q[4]) == h for q in Q) for h in (2, 3, 4)}
assert counts == {2: 10, 3: 12, 4: 8} and len(U) == 6, counts
assert 70 <= len(W) <= 90, len(W)
assert 3 * n_differ >= 2 * n_hops, ("fewer than two thirds of the hops are worded otherwise", n_differ, n_hops)

# Variant forms: paragraphs that name an entity by its title and also by a shortened form (a surname alone, an
# abbreviation, "the Hessel"), or refer to their own subject generically ("the company", "the viaduct").
short_paras, generic_paras = set(), set()
for t, (typ, text) in W.items():
    rest = strip_titles(text)
    for e in W:
        if names(text, e) and any(has_word(rest, s) for s in SHORT.get(e, [])):
            short_paras.add(t)
    if any(re.search(r'(?<!\w)' + re.escape(g) + r'(?!\w)', rest, re.I) for g in GENERIC.get(typ, [])):
        generic_paras.add(t)
assert 3 * len(short_paras) >= len(W), len(short_paras)

# A new world: none of multihop-synth-2's entity names (the keys of its world dict), nor their distinctive words
# (the given names and surnames of its people, the first word of its other names, unless an ordinary word there).
here = os.path.dirname(os.path.abspath(__file__))
second = os.path.join(here, "..", "multihop-synth-2", "build.py")
assert os.path.exists(second), second
src = open(second, encoding="utf-8").read()
old = re.findall(r'^ "([^"]+)": \("([^"]+)"', src, re.M)
assert len(old) > 40, len(old)
ordinary = {w for w in re.findall(r"\b[a-z][\w']+\b", src)}
distinct = set()
for key, typ in old:
    toks = re.findall(r"[A-Z][\w']+", re.sub(r' \(.*\)$', '', key))
    toks = [w for w in toks if w not in {"The", "SS", "MV"}]
    for w in (toks if typ == "person" else toks[:1]):
        if w.lower() not in ordinary:
            distinct.add(w)
mine = " ".join([f"{t} {W[t][1]}" for t in W] + [f"{q[1]} {q[2]} {' '.join(q[3])}" for q in Q] + [u[1] for u in U])
clash = [k for k, _ in old if has_word(mine, re.sub(r' \(.*\)$', '', k))]
clash += sorted(w for w in distinct if has_word(mine, w))
assert not clash, clash

rows = [line(q[0], q[1], q[2], q[3], q[4], True) for q in Q]
rows += [line(u[0], u[1], "", [], u[2], False, (u[5],)) for u in U]
supporting = {q[0]: len(q[4]) for q in Q}
for r in rows:
    assert len(r["paragraphs"]) == 20 and len({p["title"] for p in r["paragraphs"]}) == 20, r["id"]
    assert sum(p["is_supporting"] for p in r["paragraphs"]) == supporting.get(r["id"], 0), r["id"]
used = {p["title"] for r in rows for p in r["paragraphs"]}
missing = set(W) - used
with open(os.path.join(here, "multihop-synth-3.jsonl"), "w", encoding="utf-8") as f:
    for r in rows: f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"{len(W)} paragraphs, {len(Q)} answerable ({counts[2]} two-hop, {counts[3]} three-hop, {counts[4]} four-hop), "
      f"{len(U)} unanswerable; {n_checks} hop and absence checks passed; {n_differ} of {n_hops} hops worded otherwise "
      f"than their paragraph; {len(short_paras)} paragraphs name an entity by a short form as well as its title "
      f"({len(short_paras | generic_paras)} with generic self-references); {len(distinct)} distinctive words and "
      f"{len(old)} names of multihop-synth-2's world checked absent; not in any line: {sorted(missing)}")
