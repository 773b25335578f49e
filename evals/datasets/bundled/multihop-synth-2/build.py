"""Build multihop-synth-2.jsonl (MuSiQue's released JSONL shape) from a small fictional world. Run: python3 build.py"""
import json, os, re, zlib

# The Ombrine Islands: an archipelago's islands, towns, shipping firms, ships, scientists, clubs, books, festivals, dishes.
W = {
 # people
 "Ottoline Pask": ("person", "Ottoline Pask (1868–1941) was an astronomer born in Amberquay, the elder sister of the marine biologist Emrys Pask. She lectured in mathematics at the Skerrin Institute of Natural Philosophy and in later life set up Wrenhold Observatory with money left by her father. Pask is remembered for Comet Pask, which she found in 1911."),
 "Emrys Pask": ("person", "Emrys Pask (1871–1950) was a marine biologist born in Amberquay, the younger brother of the astronomer Ottoline Pask. He wrote a standard study of the herring of the Ombrine Islands and kept weather diaries on Calder Point for forty years. Pask declined a chair at the Skerrin Institute of Natural Philosophy in 1912."),
 "Jory Quillan": ("person", "Jory Quillan (1902–1979) was a geologist born in Rooksby. He studied at the Skerrin Institute of Natural Philosophy and spent his career mapping the volcanic rocks of the Ombrine Islands. Quillan later advised the Sorrel Distillery on its water supply."),
 "Signe Quillan": ("person", "Signe Quillan (1931–2008) was a novelist and journalist born in Skerrin, a niece of the geologist Jory Quillan. For twenty years she wrote the Saturday column of The Skerrin Courier. Her best-known novel, The Tidewright's Daughter, follows a boatbuilder's family through the whaling years."),
 "Bram Ewart": ("person", "Bram Ewart (1920–1994) was a novelist and schoolteacher born in Rooksby. His novel A Winter on Tolm drew on a year he spent as a relief keeper at the Gannet Rock Lighthouse. Ewart taught English at the Ombrine Maritime College until 1980."),
 "Lachlan Voss": ("person", "Lachlan Voss (1911–1988) was a film director born in Nethermoss. He began by filming the herring fleet for the Calder Point Marine Station and is best known for Nightfall at Gannet Rock. Voss later made documentaries about the ships of the Amberquay Line."),
 "Maud Ferrier": ("person", "Maud Ferrier (1822–1890) was a shipowner born in Skerrin, the widow of a herring merchant. She founded the Skerrin Steam Packet Company and ran it until her death, carrying the islands' mail to the mainland. The cargo steamer SS Maud Ferrier was named after her."),
 "Isolde Ferrier": ("person", "Isolde Ferrier (1850–1921) was a sea captain born in Skerrin, one of the first women to hold a master's certificate in the islands. She learned navigation at the Ombrine Maritime College and commanded mail steamers for thirty years. Ferrier was a niece of the shipowner Maud Ferrier."),
 "Ansel Gorrie": ("person", "Ansel Gorrie (born 1955) is a chef from Amberquay. After cooking on the ferries of the Amberquay Line he opened The Wheelhouse (restaurant) in Skerrin, and he wrote the cookbook Kitchens of the Ombrine. Gorrie is a cousin of the footballer Perpetua Gorrie."),
 "Perpetua Gorrie": ("person", "Perpetua Gorrie (born 1961) is a former footballer and coach from Rooksby. She captained Amberquay Athletic for nine seasons and later trained the runners of Tolm Harriers. Gorrie was named the islands' sportswoman of the year in 1989."),
 "Rune Holloway": ("person", "Rune Holloway (1938–2015) was an architect born in Skerrin. His buildings include the Quayside Ground in Amberquay and the ferry terminal of Gullwing Ferries at Skerrin. Holloway was the father of the sculptor Mirren Holloway."),
 "Mirren Holloway": ("person", "Mirren Holloway (born 1966) is a sculptor from Skerrin and the daughter of the architect Rune Holloway. Her bronze of a net mender stands on the quay at Amberquay and was unveiled at the Festival of the Nets in 2002. She trained as a chemist before turning to art."),
 "Cosmo Brierly": ("person", "Cosmo Brierly (born 1944) is a composer and fiddler from Amberquay. His Gannet Rock Suite made his name in 1969, and three years later he founded the Festival of the Nets. Brierly is the brother of the kite maker Wilhelmina Brierly."),
 "Wilhelmina Brierly": ("person", "Wilhelmina Brierly (born 1948) is a kite maker and designer from Amberquay, the sister of the composer Cosmo Brierly. She started the Skerrin Kite Fair, and her largest kites hang in the hall of the Skerrin Institute of Natural Philosophy."),
 "Elias Ketteridge": ("person", "Elias Ketteridge (1790–1862) was a shipwright from Amberquay who moved to Skerrin and founded the Ketteridge Shipyard there. He built the first steam tug of the islands in 1841. He was the father of the engineer Tamsin Ketteridge."),
 "Tamsin Ketteridge": ("person", "Tamsin Ketteridge (1818–1889) was a civil engineer and shipbuilder from Skerrin. She designed the Gannet Rock Lighthouse and several harbour walls on Tolm, and from 1862 she ran the Ketteridge Shipyard that her father had founded."),
 "Aurelius Penhallow": ("person", "Aurelius Penhallow (1799–1866) was a chemist from Skerrin who wrote on the kelp-burning trade of Vessa. He led the Skerrin Institute of Natural Philosophy from 1848 to 1860 and left it his library."),
 "Feargus Tull": ("person", "Feargus Tull (1880–1952) was a marine engineer born in Amberquay. He served as chief engineer on the SS Maud Ferrier and was principal of the Ombrine Maritime College from 1921 to 1946."),
 "Ines Tull": ("person", "Ines Tull (born 1949) is a politician who served as provost of Skerrin from 1998 to 2012. She graduated in chemistry from the Skerrin Institute of Natural Philosophy. As provost she opened the new terminal of Gullwing Ferries."),
 "Hesketh Lamb": ("person", "Hesketh Lamb (1874–1949) was a printer and publisher from Amberquay. He learned his trade in Skerrin, where he started the Drumlin Press, and he printed the first guidebook to the Ombrine Islands. Lamb sat on the council of the Skerrin Institute of Natural Philosophy."),
 # places
 "Ombrine Islands": ("region", "The Ombrine Islands are an archipelago of fourteen islands, three of them inhabited: Vessa, Tolm and Little Vessa. Their capital is Skerrin and their highest point is Mount Sorrel. About 53,000 people live in the islands, which are served by Gullwing Ferries."),
 "Vessa": ("island", "Vessa is the largest island of the Ombrine Islands, with an area of 412 km². Its chief town, Skerrin, lies on the east coast at the mouth of the Drumlin Water, and the headland of Calder Point forms its western tip. A narrow sound separates it from Little Vessa."),
 "Tolm": ("island", "Tolm is the second island of the Ombrine Islands, with an area of 188 km² and a population of 14,200. Its main town is Amberquay, and its highest point is Mount Sorrel. Tolm is known for barley, whisky and the observatory above Rooksby."),
 "Little Vessa": ("island", "Little Vessa is a small island of the Ombrine Islands, 21 km² in area, lying off the southern tip of Vessa. Its only settlement is Nethermoss, and it has about 400 inhabitants. A ferry of Gullwing Ferries crosses the sound twice a day."),
 "Skerrin": ("town", "Skerrin is a town on the east coast of Vessa and the capital of the Ombrine Islands. It was founded in 1533 around a sheltered harbour where the Drumlin Water meets the sea, and has a population of 38,000. Skerrin is the seat of Gullwing Ferries, the Drumlin Press and the Ketteridge Shipyard."),
 "Amberquay": ("town", "Amberquay is the main town of Tolm, with a population of 9,400. It was founded in 1610 as a whaling station and is the home of the Ombrine Maritime College, the Amberquay Line and the football club Amberquay Athletic. The Festival of the Nets is held on its quay every August."),
 "Rooksby": ("town", "Rooksby is a farming village on Tolm, 6 km inland from Amberquay, with a population of 620. It lies below Wrenhold Observatory and is the home of the athletics club Tolm Harriers. The geologist Jory Quillan and the novelist Bram Ewart were both born there."),
 "Nethermoss": ("town", "Nethermoss is a fishing village on Little Vessa with a population of 310. Its smokehouses are known for kippers, and the film director Lachlan Voss was born there. The village's chapel dates from 1702."),
 "Mount Sorrel": ("mountain", "Mount Sorrel is an extinct volcano on Tolm and, at 1,122 m, the highest point of the Ombrine Islands. Its basalt columns were first mapped in 1934 by the geologist Jory Quillan. The Sorrel Distillery draws its water from a spring on the mountain's eastern side."),
 "Drumlin Water": ("river", "The Drumlin Water is a river on Vessa, 31 km long. It rises in the peat moors of the island's north and enters the sea at Skerrin, where its mouth forms the inner harbour. The boathouse of the Skerrin Albatross Rowing Club stands on its lower reach."),
 "Calder Point": ("place", "Calder Point is a headland on the west coast of Vessa, 9 km from Skerrin. It holds the Calder Point Marine Station and the Calder Point Observatory, and its cliffs are a breeding ground for gannets."),
 "Gannet Rock": ("island", "Gannet Rock is a bare islet 14 km east of Skerrin, the easternmost of the Ombrine Islands. It is crowned by the Gannet Rock Lighthouse, and the reef below it wrecked the SS Cormorant in 1911."),
 # science and schools
 "Skerrin Institute of Natural Philosophy": ("school", "The Skerrin Institute of Natural Philosophy is a college of science in Skerrin, founded in 1848. Its first principal was Aurelius Penhallow, and it admitted women students from 1878. The astronomer Ottoline Pask taught mathematics there for thirty years."),
 "Ombrine Maritime College": ("school", "The Ombrine Maritime College is a nautical school in Amberquay, founded in 1862 to train ship's officers and engineers. Its principal from 1921 to 1946 was Feargus Tull. The college's training ship is moored in the town's harbour."),
 "Wrenhold Observatory": ("observatory", "Wrenhold Observatory is an astronomical observatory on Tolm, on a ridge above the village of Rooksby. It opened in 1904, founded by the astronomer Ottoline Pask, and its 28-inch refractor was then the largest telescope in the islands. The minor planet Tolmia was discovered there in 1913."),
 "Calder Point Observatory": ("observatory", "Calder Point Observatory is a weather and tide observatory on Calder Point, Vessa. It opened in 1931 and stands 84 m above sea level. Its records continue the weather diaries kept by Emrys Pask."),
 "Calder Point Marine Station": ("observatory", "The Calder Point Marine Station is a laboratory for sea fisheries on Vessa, founded in 1898 by the islands' fisheries board. Its first director was Emrys Pask, who led it until 1936. The station keeps an aquarium open to visitors in summer."),
 "Comet Pask": ("astronomical object", "Comet Pask is a periodic comet with an orbital period of 7.3 years. It was first seen on 3 March 1911 by Ottoline Pask through the refractor of Wrenhold Observatory, and it last passed near the Sun in 2017."),
 # firms
 "Skerrin Steam Packet Company": ("company", "The Skerrin Steam Packet Company was a shipping firm founded in Skerrin in 1861 by Maud Ferrier. It ran mail steamers between the Ombrine Islands and the mainland, and its flagship was the SS Cormorant. The company was taken over by Gullwing Ferries in 1969."),
 "Amberquay Line": ("company", "The Amberquay Line is a shipping company founded in 1877 in Amberquay by the brothers Osgar and Piran Lisle. It carries freight between Tolm and the mainland, and its best-known ship was the ferry MV Kittiwake Star."),
 "Gullwing Ferries": ("company", "Gullwing Ferries is the ferry operator of the Ombrine Islands, based in Skerrin. It was formed in 1969 to take over the Skerrin Steam Packet Company and now runs eight vessels between Vessa, Tolm, Little Vessa and the mainland. Its terminal at Skerrin was designed by Rune Holloway."),
 "Ketteridge Shipyard": ("company", "The Ketteridge Shipyard is a shipbuilding yard in Skerrin, founded in 1839 by Elias Ketteridge. It launched the SS Cormorant and the SS Maud Ferrier, and it now repairs the ferries of Gullwing Ferries."),
 "Drumlin Press": ("company", "The Drumlin Press is a printing and publishing house in Skerrin, founded in 1907 by the printer Hesketh Lamb. It has owned The Skerrin Courier since 1911 and publishes books about the islands."),
 "Sorrel Distillery": ("company", "The Sorrel Distillery is a whisky distillery near Rooksby on Tolm, founded in 1823. It malts barley from Tolm's fields and draws its water from a spring on Mount Sorrel. Its twelve-year-old malt is poured at the Festival of the Nets."),
 # ships and buildings
 "SS Cormorant": ("ship", "The SS Cormorant was a passenger steamer built in 1884 by the Ketteridge Shipyard for the Skerrin Steam Packet Company. Her first master was Isolde Ferrier. She was wrecked on the reef below Gannet Rock in 1911 with the loss of 23 lives."),
 "SS Maud Ferrier": ("ship", "The SS Maud Ferrier was a cargo steamer of 1,840 gross tons, launched in 1895 at the Ketteridge Shipyard for the Skerrin Steam Packet Company. She carried coal and grain to the islands until she was scrapped in 1934."),
 "MV Kittiwake Star": ("ship", "The MV Kittiwake Star was a motor ferry of 2,310 gross tons built in 1958 for the Amberquay Line. Her first master was Osgar Lisle the younger, and she sailed between Amberquay and the mainland until 1989."),
 "Gannet Rock Lighthouse": ("structure", "The Gannet Rock Lighthouse is a granite tower 38 m tall on Gannet Rock, first lit in 1851. It was the work of the engineer Tamsin Ketteridge, and its light can be seen 22 nautical miles away. The film Nightfall at Gannet Rock was shot inside the tower."),
 "Quayside Ground": ("structure", "The Quayside Ground is a football stadium in Amberquay with room for 6,300 spectators. It was designed by the architect Rune Holloway and opened in 1979. It is the home ground of Amberquay Athletic."),
 "The Wheelhouse (restaurant)": ("restaurant", "The Wheelhouse is a seafood restaurant on the quay of Skerrin, opened in 1987 by the chef Ansel Gorrie in a former ferry ticket office. It is known for its Vessa crab pie and seats 60 guests."),
 # books, films, music, press, festivals
 "The Tidewright's Daughter": ("novel", "The Tidewright's Daughter is a 1962 novel by Signe Quillan, set in Amberquay during the last whaling years. Its heroine, a boatbuilder's daughter, takes over her father's slipway. The book won the Ombrine Prize for fiction in 1963."),
 "A Winter on Tolm": ("novel", "A Winter on Tolm is a 1951 novel by Bram Ewart about a lighthouse keeper and his family cut off by storms. It was filmed in 1957 as Nightfall at Gannet Rock and has been translated into eleven languages."),
 "Nightfall at Gannet Rock": ("film", "Nightfall at Gannet Rock is a 1957 drama film directed by Lachlan Voss. It is adapted from the novel A Winter on Tolm and was filmed in the Gannet Rock Lighthouse. Its music was taken from old fiddle tunes of Vessa."),
 "Gannet Rock Suite": ("music", "The Gannet Rock Suite is a 1969 work for strings and bagpipes by Cosmo Brierly, inspired by the lighthouse on Gannet Rock. It was first performed in Skerrin and was later used in a radio version of A Winter on Tolm."),
 "The Skerrin Courier": ("newspaper", "The Skerrin Courier is a daily newspaper published in Skerrin since 1858. It is owned by the Drumlin Press. The novelist Signe Quillan wrote its Saturday column, and its reporters covered the wreck of the SS Cormorant."),
 "Kitchens of the Ombrine": ("book", "Kitchens of the Ombrine is a 1994 cookbook by the chef Ansel Gorrie, published by the Drumlin Press. It collects about 200 recipes from the islands, from crab dishes to barley breads."),
 "Festival of the Nets": ("festival", "The Festival of the Nets is a summer festival held each August in Amberquay, with boat races, net-mending contests and music. It was founded in 1972 by the composer Cosmo Brierly. The festival's traditional food is Tolm barley bannock, baked on the quay."),
 "Skerrin Kite Fair": ("festival", "The Skerrin Kite Fair is a kite festival held each September on the beaches of Vessa north of Skerrin. It was founded in 1988 by Wilhelmina Brierly and draws about 20,000 visitors."),
 # dishes
 "Vessa crab pie": ("recipe", "Vessa crab pie is a baked dish of brown crab, leeks and cream under a lid of oat pastry, eaten on Vessa at New Year. The recipe was handed down in fishing families and first appeared in print in Kitchens of the Ombrine. A version with smoked haddock is made on Little Vessa."),
 "Tolm barley bannock": ("recipe", "Tolm barley bannock is a flat round bread of barley meal and buttermilk, baked on an iron griddle. The barley for it is traditionally grown in the fields around Rooksby. It is eaten warm, spread with heather honey."),
 # clubs
 "Amberquay Athletic": ("club", "Amberquay Athletic is a football club in Amberquay on Tolm, founded in 1896. Since 1979 it has played its home games at the Quayside Ground; before that it shared a pitch with Tolm Harriers. The club has won the islands' league fourteen times."),
 "Skerrin Wanderers": ("club", "Skerrin Wanderers is a football club in Skerrin, founded in 1884. It plays at Kelp Market Park, a ground of 4,100 seats opened in 1921, and its great rival is Amberquay Athletic."),
 "Skerrin Albatross Rowing Club": ("club", "The Skerrin Albatross Rowing Club is a rowing club in Skerrin, founded in 1872. Its crews row an annual race from the harbour to Gannet Rock and back, and it has trained most of the islands' Olympic oarsmen."),
 "Tolm Harriers": ("club", "Tolm Harriers is an athletics club in Rooksby on Tolm, founded in 1908. Its hill race up Mount Sorrel is held each June. The club's coaches have included the former footballer Perpetua Gorrie."),
}

# id, question, answer, aliases, chain of titles (supporting, in hop order), per-hop answers (verbatim in that hop's paragraph)
Q = [
 ("2hop_001", "Who founded the shipyard where the SS Maud Ferrier was launched?", "Elias Ketteridge", [], ["SS Maud Ferrier", "Ketteridge Shipyard"], ["Ketteridge Shipyard", "Elias Ketteridge"]),
 ("2hop_002", "In what year did the newspaper Signe Quillan wrote a column for begin publication?", "1858", [], ["Signe Quillan", "The Skerrin Courier"], ["The Skerrin Courier", "1858"]),
 ("2hop_003", "Who started the publishing house that owns The Skerrin Courier?", "Hesketh Lamb", ["Lamb"], ["The Skerrin Courier", "Drumlin Press"], ["Drumlin Press", "Hesketh Lamb"]),
 ("2hop_004", "How many spectators can the home stadium of Amberquay Athletic hold?", "6,300", ["6300"], ["Amberquay Athletic", "Quayside Ground"], ["Quayside Ground", "6,300"]),
 ("2hop_005", "What is the orbital period of the comet Ottoline Pask discovered?", "7.3 years", [], ["Ottoline Pask", "Comet Pask"], ["Comet Pask", "7.3 years"]),
 ("2hop_006", "What is the elevation of the tallest mountain on Tolm?", "1,122 m", ["1,122 metres", "1122 m"], ["Tolm", "Mount Sorrel"], ["Mount Sorrel", "1,122 m"]),
 ("2hop_007", "Around which village is the grain grown for the bread traditionally eaten at the Festival of the Nets?", "Rooksby", [], ["Festival of the Nets", "Tolm barley bannock"], ["Tolm barley bannock", "Rooksby"]),
 ("2hop_008", "When was the mail steamer firm that Gullwing Ferries absorbed founded?", "1861", [], ["Gullwing Ferries", "Skerrin Steam Packet Company"], ["Skerrin Steam Packet Company", "1861"]),
 ("3hop_001", "When was the rowing club founded whose boathouse is on the river that meets the sea at Skerrin?", "1872", [], ["Skerrin", "Drumlin Water", "Skerrin Albatross Rowing Club"], ["Drumlin Water", "Skerrin Albatross Rowing Club", "1872"]),
 ("3hop_002", "Who was the first captain of the flagship of the company Maud Ferrier established?", "Isolde Ferrier", [], ["Maud Ferrier", "Skerrin Steam Packet Company", "SS Cormorant"], ["Skerrin Steam Packet Company", "SS Cormorant", "Isolde Ferrier"]),
 ("3hop_003", "What is the population of the town where Signe Quillan's best-known novel takes place?", "9,400", ["9400"], ["Signe Quillan", "The Tidewright's Daughter", "Amberquay"], ["The Tidewright's Daughter", "Amberquay", "9,400"]),
 ("3hop_004", "On which island was the director of Nightfall at Gannet Rock born?", "Little Vessa", [], ["Nightfall at Gannet Rock", "Lachlan Voss", "Nethermoss"], ["Lachlan Voss", "Nethermoss", "Little Vessa"]),
 ("3hop_005", "When was the publishing house founded that brought out the first printed recipe for Vessa crab pie?", "1907", [], ["Vessa crab pie", "Kitchens of the Ombrine", "Drumlin Press"], ["Kitchens of the Ombrine", "Drumlin Press", "1907"]),
 ("3hop_006", "In which town is the school where the first master of the SS Cormorant learned navigation?", "Amberquay", [], ["SS Cormorant", "Isolde Ferrier", "Ombrine Maritime College"], ["Isolde Ferrier", "Ombrine Maritime College", "Amberquay"]),
 ("3hop_007", "Which minor planet was discovered at the observatory founded by Emrys Pask's sister?", "Tolmia", [], ["Emrys Pask", "Ottoline Pask", "Wrenhold Observatory"], ["Ottoline Pask", "Wrenhold Observatory", "Tolmia"]),
 ("3hop_008", "What is put on the flatbread served at the festival Cosmo Brierly started?", "heather honey", ["honey"], ["Cosmo Brierly", "Festival of the Nets", "Tolm barley bannock"], ["Festival of the Nets", "Tolm barley bannock", "heather honey"]),
 ("3hop_009", "In what year did the restaurant of the chef who wrote Kitchens of the Ombrine open?", "1987", [], ["Kitchens of the Ombrine", "Ansel Gorrie", "The Wheelhouse (restaurant)"], ["Ansel Gorrie", "The Wheelhouse (restaurant)", "1987"]),
 ("3hop_010", "When did the stadium designed by Mirren Holloway's father open?", "1979", [], ["Mirren Holloway", "Rune Holloway", "Quayside Ground"], ["Rune Holloway", "Quayside Ground", "1979"]),
 ("4hop_001", "How many people live in the birthplace of the author of the novel that Nightfall at Gannet Rock was adapted from?", "620", [], ["Nightfall at Gannet Rock", "A Winter on Tolm", "Bram Ewart", "Rooksby"], ["A Winter on Tolm", "Bram Ewart", "Rooksby", "620"]),
 ("4hop_002", "Where was the geologist educated who first mapped the highest peak of the island Amberquay is on?", "Skerrin Institute of Natural Philosophy", [], ["Amberquay", "Tolm", "Mount Sorrel", "Jory Quillan"], ["Tolm", "Mount Sorrel", "Jory Quillan", "Skerrin Institute of Natural Philosophy"]),
 ("4hop_003", "Who was the first principal of the college where the sister of the first director of the Calder Point Marine Station lectured?", "Aurelius Penhallow", ["Penhallow"], ["Calder Point Marine Station", "Emrys Pask", "Ottoline Pask", "Skerrin Institute of Natural Philosophy"], ["Emrys Pask", "Ottoline Pask", "Skerrin Institute of Natural Philosophy", "Aurelius Penhallow"]),
 ("4hop_004", "In what year was the shipyard founded that was later run by the engineer who designed the lighthouse where Nightfall at Gannet Rock was filmed?", "1839", [], ["Nightfall at Gannet Rock", "Gannet Rock Lighthouse", "Tamsin Ketteridge", "Ketteridge Shipyard"], ["Gannet Rock Lighthouse", "Tamsin Ketteridge", "Ketteridge Shipyard", "1839"]),
 ("4hop_005", "When was the hometown of the founder of the company taken over by Gullwing Ferries founded?", "1533", [], ["Gullwing Ferries", "Skerrin Steam Packet Company", "Maud Ferrier", "Skerrin"], ["Skerrin Steam Packet Company", "Maud Ferrier", "Skerrin", "1533"]),
 ("4hop_006", "In what year was the architect of the ground where Perpetua Gorrie's team plays born?", "1938", [], ["Perpetua Gorrie", "Amberquay Athletic", "Quayside Ground", "Rune Holloway"], ["Amberquay Athletic", "Quayside Ground", "Rune Holloway", "1938"]),
]
# id, question, chain (each title reached from the previous paragraph), words the last paragraph must lack (the missing fact)
U = [
 ("unans_001", "At what altitude does the observatory Ottoline Pask founded stand?", ["Ottoline Pask", "Wrenhold Observatory"], ["above sea level", "altitude", "m above"]),
 ("unans_002", "What was the gross tonnage of the flagship of the firm Maud Ferrier founded?", ["Maud Ferrier", "Skerrin Steam Packet Company", "SS Cormorant"], ["tons", "tonnage"]),
 ("unans_003", "In what year did the college in the town where The Tidewright's Daughter is set first admit women?", ["The Tidewright's Daughter", "Amberquay", "Ombrine Maritime College"], ["women", "admit"]),
 ("unans_004", "How many people live on the island where the kite fair Wilhelmina Brierly founded is held?", ["Wilhelmina Brierly", "Skerrin Kite Fair", "Vessa"], ["population", "inhabitants", "people"]),
]

def words(s): return {w.strip('.,()\'"?').lower() for w in s.split() if len(w) > 3}

def distractors(chain, question, n):
    """The hardest others first: paragraphs sharing the question's words or linked to (mentioning) the chain."""
    qw = words(question)
    def hard(t):
        typ, text = W[t]
        return (len(qw & words(text)) + 2 * sum(c in text for c in chain) + (typ in {W[c][0] for c in chain}), t)
    others = sorted((t for t in W if t not in chain), key=hard, reverse=True)
    return others[:n]

def line(qid, question, answer, aliases, chain, answerable):
    titles = chain + distractors(chain, question, 20 - len(chain))
    order = sorted(titles, key=lambda t: (zlib.crc32(f'{qid}/{t}'.encode()), t))
    paras = [{"idx": i, "title": t, "paragraph_text": W[t][1],
              "is_supporting": answerable and t in chain} for i, t in enumerate(order)]
    return {"id": qid, "question": question, "answer": answer, "answer_aliases": aliases, "answerable": answerable,
            "paragraphs": paras}

def names(text, title):
    """Whether text names title as a link: the whole title, not only inside a longer title (Vessa in Little Vessa)."""
    for other in sorted(W, key=len, reverse=True):
        if other != title and title in other:
            text = text.replace(other, " ")
    return re.search(r'(?<!\w)' + re.escape(title) + r'(?!\w)', text) is not None

def check_chain(qid, question, chain):
    assert len(set(chain)) == len(chain) and all(t in W for t in chain), (qid, chain)
    assert re.sub(r' \(.*\)$', '', chain[0]).lower() in question.lower(), (qid, "question must name its first entity", chain[0])
    for t in chain[1:]:
        assert re.sub(r' \(.*\)$', '', t).lower() not in question.lower(), (qid, "question names a later entity", t)
    for a, b in zip(chain, chain[1:]):
        assert names(W[a][1], b), (qid, f"{a!r} does not name {b!r}")

n_checks = 0
for q in Q:
    qid, question, answer, aliases, chain, hops = q
    assert qid.startswith(f"{len(chain)}hop_") and len(hops) == len(chain), qid
    check_chain(qid, question, chain)
    for t, a in zip(chain, hops):
        assert a in W[t][1], (qid, t, a)
        n_checks += 1
    assert hops[-1] == answer and answer in W[chain[-1]][1], qid
    for t in chain[:-1]:  # no shortcut: the answer is not already in an earlier paragraph of the chain
        assert answer not in W[t][1], (qid, "answer already in", t)
    for i, t in enumerate(chain[1:]):  # each hop's bridge is the next title
        assert hops[i] in (t, re.sub(r' \(.*\)$', '', t)), (qid, hops[i], t)
for qid, question, chain, absent in U:
    assert qid.startswith("unans_")
    check_chain(qid, question, chain)
    for w in absent:
        assert w.lower() not in W[chain[-1]][1].lower(), (qid, "the missing fact's word is present", w)
        n_checks += 1
assert len({q[0] for q in Q} | {u[0] for u in U}) == len(Q) + len(U)
# a new world: none of multihop-synth's entity names
first = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "multihop-synth", "build.py")
if os.path.exists(first):
    old = re.findall(r'^ "([^"]+)": \(', open(first, encoding="utf-8").read(), re.M)
    text = " ".join(t + " " + W[t][1] + " " for t in W) + " ".join(q[1] for q in Q) + " ".join(u[1] for u in U)
    clash = [o for o in old if re.sub(r' \(.*\)$', '', o) in text]
    assert not clash, clash

rows = [line(q[0], q[1], q[2], q[3], q[4], True) for q in Q] + [line(u[0], u[1], "", [], u[2], False) for u in U]
for r in rows:
    assert len(r["paragraphs"]) == 20 and len({p["title"] for p in r["paragraphs"]}) == 20, r["id"]
used = {p["title"] for r in rows for p in r["paragraphs"]}
missing = set(W) - used
with open(os.path.join(os.path.dirname(__file__) or ".", "multihop-synth-2.jsonl"), "w", encoding="utf-8") as f:
    for r in rows: f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"{len(W)} paragraphs, {len(Q)} answerable ({sum(len(q[4])==2 for q in Q)} two-hop, {sum(len(q[4])==3 for q in Q)} three-hop, {sum(len(q[4])==4 for q in Q)} four-hop), {len(U)} unanswerable; {n_checks} hop and absence checks passed; not in any line: {sorted(missing)}")
