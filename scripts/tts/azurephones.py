"""Azure AI Speech's `sapi` phone sets for zh-CN (pinyin) and zh-HK
(Jyutping), as the service's page lists them
(https://learn.microsoft.com/azure/ai-services/speech-service/speech-ssml-phonetic-sets,
"zh-CN" and "zh-HK/yue-CN"), and a syllable written in them: tts_azure
writes each item's ph with it, and loopback-tts refuses with it what Azure
refuses (an unknown phone rejects the whole SSML document:
https://learn.microsoft.com/azure/ai-services/speech-service/speech-synthesis-markup-pronunciation#phoneme-element).
Standard library only.

zh-CN: an initial and a final, or a whole syllable, then the tone 1-5
(5 the neutral tone), apart: 组织关系 "zu 3 - zhi 1 - guan 1 - xi 5". ü is v
after l and n (女 "nv 3"), u after j, q, x and y (鱼 "yu 2"), and üe is ue
(略 "lue 4", 月 "yue 4"): lüe4 and lve4 are written "lue 4". Erhua is an r
between the syllable and its tone (一会儿 "yi 2 - hui r 4"): huir4 is
written "hui r 4".

zh-HK: an initial, a nucleus and an ending (each of the page's tables; the
initial and the ending may be absent), then the tone 1-6: 詩 "si 1". The
page lists no syllabic nasal: 五 ng5 and 唔 m4 cannot be written.
"""

MANDARIN_INITIALS = "zh ch sh b p m f d t n l g k h j q x r z c s y w".split()
MANDARIN_FINALS = set("a o e i u v ai ei ui ao ou iu ie ue er an en in un ang eng ing ong "
                      "ia ian iang iao iong ua uai uan uang uo".split())
MANDARIN_WHOLE = set("zhi chi shi ri zi ci si yi wu yu ye yue yuan yin yun ying "
                     "a o e ai ei ao ou an en ang er".split())
CANTONESE_INITIALS = "ng kw gw p b t d k g f s h m n c z l w j".split()
CANTONESE_NUCLEI = "aa oe yu eo e i o u a".split()
CANTONESE_ENDINGS = set("i u p t k m n ng".split())
SYLLABIC_NASALS = ("m", "ng")


def mandarin_known(body):
    """Whether `body` (a syllable without its tone, as the phone set writes
    it: lue, nv, hui) is in the zh-CN phone set."""
    if body in MANDARIN_WHOLE:
        return True
    return any(body.startswith(initial) and body[len(initial):] in MANDARIN_FINALS for initial in MANDARIN_INITIALS)


def cantonese_known(body):
    """Whether `body` (a Jyutping syllable without its tone) is in the zh-HK phone set."""
    for initial in CANTONESE_INITIALS + [""]:
        if not body.startswith(initial):
            continue
        rest = body[len(initial):]
        for nucleus in CANTONESE_NUCLEI:
            if rest.startswith(nucleus) and (rest == nucleus or rest[len(nucleus):] in CANTONESE_ENDINGS):
                return True
    return False


def mandarin_body(body):
    """A pinyin syllable without its tone as the zh-CN phone set writes it,
    and whether it is erhua: ('lue', False) for lüe or lve, ('hui', True)
    for huir."""
    body = body.replace("\u00fc", "v")
    erhua = body.endswith("r") and body != "er"
    if erhua:
        body = body[:-1]
    if body[:1] in ("j", "q", "x", "y"):
        body = body.replace("v", "u")
    else:
        body = body.replace("ve", "ue")
    return body, erhua


def phone(syllable, cantonese):
    """The tone-numbered syllable (yi2, huir4, lve4; saam1) as the phone set
    writes it ("yi 2", "hui r 4", "lue 4"; "saam 1"); None for a syllabic
    nasal of zh-HK (ng5, m4), which the set has no way to write; ValueError
    for another syllable the set does not have."""
    body, tone = syllable[:-1], syllable[-1]
    if cantonese:
        if body in SYLLABIC_NASALS:
            return None
        if not cantonese_known(body):
            raise ValueError(f"'{syllable}' is not in Azure's zh-HK phone set (Jyutping initial, nucleus, ending)")
        return f"{body} {tone}"
    written, erhua = mandarin_body(body)
    if not mandarin_known(written):
        raise ValueError(f"'{syllable}' is not in Azure's zh-CN phone set (pinyin initial and final)")
    return f"{written} r {tone}" if erhua else f"{written} {tone}"


def syllables(ph, cantonese):
    """The tone-numbered syllables of a `sapi` ph ("yi 2 - hui r 4" ->
    ["yi2", "huir4"]), or a ValueError naming the first phone the set does
    not have: what Azure refuses the whole document for."""
    found = []
    for part in ph.split(" - "):
        tokens = part.split()
        if not cantonese and len(tokens) == 3 and tokens[1] == "r":
            tokens = [tokens[0], tokens[2]]
            erhua = "r"
        else:
            erhua = ""
        if len(tokens) != 2 or not tokens[1].isdigit() or not "1" <= tokens[1] <= ("6" if cantonese else "5"):
            raise ValueError(f"'{part}' is not a syllable and a tone of the {'zh-HK' if cantonese else 'zh-CN'} phone set")
        known = cantonese_known(tokens[0]) if cantonese else mandarin_known(tokens[0])
        if not known:
            raise ValueError(f"'{tokens[0]}' is not in the {'zh-HK' if cantonese else 'zh-CN'} phone set")
        found.append(tokens[0] + erhua + tokens[1])
    return found
