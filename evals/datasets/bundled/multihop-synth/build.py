"""Build multihop-synth.jsonl (MuSiQue's released JSONL shape) from a small fictional world. Run: python3 build.py"""
import json, os, zlib

W = {
 "Harlow Brandt": ("person", "Harlow Brandt (born 1931) is a structural engineer and architect from Kessmere. He studied at Orlen Polytechnic before joining the public works office of Varrow Province. Brandt is best known for the Tellan Bridge and for the Marrick Library, and he taught bridge design for two decades."),
 "Ida Brandt": ("person", "Ida Brandt (born 1935) is a painter from Dunhollow, known for large harbour scenes. She trained at the Varrow Academy of Art and later taught drawing there. Brandt's murals decorate the reading room of the Marrick Library, and she illustrated several novels by Alma Dray."),
 "Elsa Marrow": ("person", "Elsa Marrow (1922–2004) was a physicist born in Halden. After teaching at the University of Halden she set up the instrument maker Corvane Instruments, which built her improved aneroid barometer. Marrow also wrote on the weather of the Grey Fells."),
 "Osric Feldane": ("person", "Osric Feldane (born 1950) is a composer and guitarist from Port Ailey. His best-known record, Salt Lanterns, set sea shanties to chamber strings. Feldane later scored the film The Quiet Harbour and produced records for The Copper Wrens."),
 "Neve Castell": ("person", "Neve Castell (born 1958) is a singer and songwriter, the lead voice of The Copper Wrens. She was born in Kessmere, where her father ran a barometer workshop for Corvane Instruments. Castell began a solo career in 1990."),
 "Tobias Renn": ("person", "Tobias Renn (born 1949) is a politician who served as mayor of Port Ailey from 1995 to 2011. He graduated in law from the University of Halden. As mayor, Renn oversaw the restoration of the Tellan Bridge and the building of a new ferry terminal."),
 "Pieter Osk": ("person", "Pieter Osk (1944–2019) was a film director born in Port Ailey. He made his name with The Quiet Harbour, an adaptation of a novel, and later directed Ashes of Lune. Osk studied painting at the Varrow Academy of Art before turning to film."),
 "Alma Dray": ("person", "Alma Dray (1920–1997) was a novelist born in Dunhollow. Her novel The Salt Year, about a fishing family, was adapted for the screen as The Quiet Harbour. Dray wrote for The Lantern (newspaper) as a young reporter."),
 "Edda Lorne": ("person", "Edda Lorne (1841–1910) was a mountaineer and botanist from Halden. She led the first ascent of Mount Corra in 1869 and collected alpine plants across the Grey Fells. Lorne's herbarium is kept at the University of Halden."),
 "Lio Vance": ("person", "Lio Vance (born 1947) is a record producer. In 1978 he started the independent label Greywater Records in Port Ailey, and he produced its first releases himself. Vance sold the label in 2001 and retired to Kesmore."),
 "Corwin Hale": ("person", "Corwin Hale (1839–1915) was a merchant and shipowner from Halden. He founded the Osterling Line, whose steamers carried grain on Lake Osterling, and he financed the first wharves of Port Ailey's eastern harbour."),
 "Anselm Teague": ("person", "Anselm Teague (1601–1671) was a theologian and the first rector of the University of Halden, which he led for eleven years. Teague wrote the university's first statutes and a history of Varrow Province."),
 "Kessmere": ("place", "Kessmere is a market town in Varrow Province on the Mercer (river). It was founded in 1622 around a river crossing. The town is home to Corvane Instruments, and the band The Copper Wrens formed there. Its population is about 21,000."),
 "Kesmore": ("place", "Kesmore is a village in Aldmoor Province on the edge of the Grey Fells, known for its wool market and slate quarries. It was first recorded in 1340. The village has about 900 inhabitants and a station on the Dunhollow line."),
 "Port Ailey": ("place", "Port Ailey is a port city in Varrow Province at the mouth of the Tellan River. Founded in 1410 as a fishing harbour, it has a population of 84,000. Its mayor from 1995 to 2011 was Tobias Renn. The city is crossed by the Tellan Bridge and is the seat of the Harbour Press Group and of Greywater Records."),
 "Dunhollow": ("place", "Dunhollow is a city and the capital of Aldmoor Province, with a population of 132,500. It grew as a wool town in the sixteenth century. Dunhollow is home to the Varrow Academy of Art despite its name, and to a cathedral completed in 1488."),
 "Halden": ("place", "Halden is a city on the Mercer (river) and the capital of Varrow Province. It has a population of 246,000. Halden is home to the University of Halden, Orlen Polytechnic, the Marrick Library and the football club Halden Rovers."),
 "Mercer (river)": ("river", "The Mercer is a river 212 km long in Varrow Province. It rises in the Grey Fells, flows past Kessmere and through Halden, and empties into Lake Osterling. Barges carried slate on the Mercer until the 1930s."),
 "Tellan River": ("river", "The Tellan River is 140 km long. It rises on the slopes of Mount Corra and reaches the sea at Port Ailey, where it is crossed by the Tellan Bridge. The Tellan's valley is known for orchards and salmon fishing."),
 "Mount Corra": ("mountain", "Mount Corra is the highest mountain in Varrow Province, at 2,418 m. Its first recorded ascent was made in 1869 by a party led by Edda Lorne. The Tellan River rises on its southern slopes."),
 "Grey Fells": ("mountain", "The Grey Fells are an upland range in Aldmoor Province. Their highest point is Hob Crag, at 903 m. The Mercer (river) rises in the Grey Fells, and the village of Kesmore lies at their eastern edge."),
 "Varrow Province": ("region", "Varrow Province is a province whose capital is Halden. It was formed in 1788 from three older counties. Its highest point is Mount Corra and its chief port is Port Ailey. The province borders Aldmoor Province to the west."),
 "Aldmoor Province": ("region", "Aldmoor Province is an upland province whose capital is Dunhollow. It was formed in 1791, three years after its neighbour Varrow Province. Sheep farming and slate quarrying in the Grey Fells were long its main trades."),
 "Lake Osterling": ("lake", "Lake Osterling is a freshwater lake with an area of 64 km². It is fed by the Mercer (river) and was crossed by the steamers of the Osterling Line until 1958. Its shores are a nature reserve."),
 "Orlen Polytechnic": ("school", "Orlen Polytechnic is a technical university in Halden. It was established in 1874 as a school of mines and became a polytechnic in 1921. Its alumni include the engineer Harlow Brandt."),
 "University of Halden": ("school", "The University of Halden is the oldest university in Varrow Province, founded in 1652. Its first rector was Anselm Teague. The university's law faculty has trained many of the province's mayors and judges."),
 "Varrow Academy of Art": ("school", "The Varrow Academy of Art is an art school in Dunhollow, founded in 1903 by painters who had left Halden. Its students have included Ida Brandt and the director Pieter Osk."),
 "Corvane Instruments": ("company", "Corvane Instruments is a maker of barometers and weather instruments based in Kessmere. The firm was established in 1961 by the physicist Elsa Marrow and employs about 400 people."),
 "Greywater Records": ("company", "Greywater Records is an independent record label headquartered in Port Ailey. It was founded in 1978 by Lio Vance. Its catalogue includes Salt Lanterns by Osric Feldane and Low Tide Choir by The Copper Wrens."),
 "The Lantern (newspaper)": ("newspaper", "The Lantern is a daily newspaper published in Halden since 1846. It is owned by the Harbour Press Group. The paper's sports pages covered the opening of Fennick Park, and the novelist Alma Dray began her career there."),
 "Harbour Press Group": ("company", "The Harbour Press Group is a publishing company based in Port Ailey, founded in 1921. It owns The Lantern (newspaper) and several weekly titles in Aldmoor Province."),
 "Tellan Bridge": ("structure", "The Tellan Bridge is a cable-stayed bridge across the Tellan River at Port Ailey. It was inaugurated in 1964. The bridge was the work of the engineer Harlow Brandt, and its main span is 310 m."),
 "Marrick Library": ("structure", "The Marrick Library is a public library in Halden, designed by Harlow Brandt and completed in 1971. Its reading room holds murals by Ida Brandt. The library keeps the archives of The Lantern (newspaper)."),
 "Fennick Park": ("structure", "Fennick Park is a football stadium in Halden with a capacity of 18,200. It was opened in 1902, an event reported at length by The Lantern (newspaper). It is the home ground of Halden Rovers."),
 "Halden Rovers": ("club", "Halden Rovers is a football club in Halden, founded in 1889. The club plays its home matches at Fennick Park and has won the Varrow Province cup eleven times."),
 "The Quiet Harbour": ("film", "The Quiet Harbour is a 1988 drama film directed by Pieter Osk. It is based on The Salt Year, a novel by Alma Dray, and was filmed in Port Ailey. The score was written by Osric Feldane."),
 "Ashes of Lune": ("film", "Ashes of Lune is a 1993 film directed by Pieter Osk, about a fire in a mountain village. It was shot on Mount Corra and produced by Lune Pictures, a studio based in Dunhollow."),
 "Salt Lanterns": ("album", "Salt Lanterns is a 1982 album by Osric Feldane, released on Greywater Records. It was recorded in a church in Kessmere and sets sea shanties to chamber strings."),
 "The Copper Wrens": ("band", "The Copper Wrens are a folk rock band formed in Kessmere in 1979. Their singer is Neve Castell. The band's debut album was Low Tide Choir, and their records were produced by Osric Feldane."),
 "Low Tide Choir": ("album", "Low Tide Choir is the 1981 debut album by The Copper Wrens. It was released on Greywater Records and recorded at a studio in Port Ailey."),
 "Osterling Line": ("company", "The Osterling Line was a shipping company founded in 1884 by Corwin Hale in Halden. Its steamers carried grain and passengers on Lake Osterling until 1958."),
}

# id, question, answer, aliases, chain of titles (supporting, in hop order), per-hop answers (verbatim in that hop's paragraph)
Q = [
 ("2hop_001", "When was the company Elsa Marrow started established?", "1961", [], ["Elsa Marrow", "Corvane Instruments"], ["Corvane Instruments", "1961"]),
 ("2hop_002", "How long is the river that Port Ailey stands at the mouth of?", "140 km", [], ["Port Ailey", "Tellan River"], ["Tellan River", "140 km"]),
 ("2hop_003", "Who directed the film adapted from Alma Dray's novel?", "Pieter Osk", ["Osk"], ["Alma Dray", "The Quiet Harbour"], ["The Quiet Harbour", "Pieter Osk"]),
 ("2hop_004", "How many spectators does the home ground of Halden Rovers hold?", "18,200", [], ["Halden Rovers", "Fennick Park"], ["Fennick Park", "18,200"]),
 ("3hop_001", "In what year was the school attended by the designer of the Tellan Bridge founded?", "1874", [], ["Tellan Bridge", "Harlow Brandt", "Orlen Polytechnic"], ["Harlow Brandt", "Orlen Polytechnic", "1874"]),
 ("3hop_002", "What is the highest point of the uplands where the river that runs past Kessmere begins?", "Hob Crag", [], ["Kessmere", "Mercer (river)", "Grey Fells"], ["Mercer (river)", "Grey Fells", "Hob Crag"]),
 ("3hop_003", "Who started the record label that put out the first album of The Copper Wrens?", "Lio Vance", ["Vance"], ["The Copper Wrens", "Low Tide Choir", "Greywater Records"], ["Low Tide Choir", "Greywater Records", "Lio Vance"]),
 ("3hop_004", "When was the birthplace of the director of Ashes of Lune founded?", "1410", [], ["Ashes of Lune", "Pieter Osk", "Port Ailey"], ["Pieter Osk", "Port Ailey", "1410"]),
 ("3hop_005", "Who first climbed the mountain where the river under the Tellan Bridge has its source?", "Edda Lorne", ["Lorne"], ["Tellan Bridge", "Tellan River", "Mount Corra"], ["Tellan River", "Mount Corra", "Edda Lorne"]),
 ("3hop_006", "In which province was the singer of The Copper Wrens born?", "Varrow Province", ["Varrow"], ["The Copper Wrens", "Neve Castell", "Kessmere"], ["Neve Castell", "Kessmere", "Varrow Province"]),
 ("4hop_001", "When was the province formed whose capital is home to the polytechnic Harlow Brandt attended?", "1788", [], ["Harlow Brandt", "Orlen Polytechnic", "Halden", "Varrow Province"], ["Orlen Polytechnic", "Halden", "Varrow Province", "1788"]),
 ("4hop_002", "What is the population of the city where the owner of the paper that reported the opening of Fennick Park is based?", "84,000", [], ["Fennick Park", "The Lantern (newspaper)", "Harbour Press Group", "Port Ailey"], ["The Lantern", "Harbour Press Group", "Port Ailey", "84,000"]),
 ("4hop_003", "Who was the first rector of the university the mayor of the city at the mouth of the Tellan River graduated from?", "Anselm Teague", ["Teague"], ["Tellan River", "Port Ailey", "Tobias Renn", "University of Halden"], ["Port Ailey", "Tobias Renn", "University of Halden", "Anselm Teague"]),
]
U = [
 ("unans_001", "In what year was the label that released Salt Lanterns dissolved?", ["Salt Lanterns", "Greywater Records"]),
 ("unans_002", "How deep is the lake into which the river through Halden flows?", ["Halden", "Mercer (river)", "Lake Osterling"]),
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

rows = [line(q[0], q[1], q[2], q[3], q[4], True) for q in Q] + [line(u[0], u[1], "", [], u[2], False) for u in U]
# checks: each hop's answer verbatim in its paragraph, every title in the world appears somewhere
for q in Q:
    for t, a in zip(q[4], q[5]):
        assert a in W[t][1], (q[0], t, a)
    assert q[2] in W[q[4][-1]][1], q[0]
used = {p["title"] for r in rows for p in r["paragraphs"]}
missing = set(W) - used
with open(os.path.join(os.path.dirname(__file__) or ".", "multihop-synth.jsonl"), "w") as f:
    for r in rows: f.write(json.dumps(r, ensure_ascii=False) + "\n")
print(f"{len(W)} paragraphs, {len(Q)} answerable ({sum(len(q[4])==2 for q in Q)} two-hop, {sum(len(q[4])==3 for q in Q)} three-hop, {sum(len(q[4])==4 for q in Q)} four-hop), {len(U)} unanswerable; not in any line: {sorted(missing)}")
