"""Common given names of Swiss notices (data only), per language of origin.

Used to decide the order of a single `Family Given` / `Given Family` name field in prose
(`Scheelbeek Saskia Esther Charlotte`, `Jean-Pierre Dupont`). Names travel across language
borders, so the extractor looks a token up in all three lists; a hyphenated token is a given
name when each part is. Lower-case, accents kept (the lookup also tries the accent-free form).
"""

from __future__ import annotations

GERMAN = frozenset("""
adam adrian agnes albert albin alex alexander alexandra alfred alice alois andrea andreas angela
angelika anita anja anke anna annemarie anton antonia armin arnold astrid barbara bea beat
beatrice beatrix benedikt benjamin bernhard bettina birgit brigitte bruno carla carmen carolin
caroline christa christian christiane christina christine christof christoph claudia claudio
corina corinne cornelia curdin daniel daniela david denise dennis dieter dietrich dirk dominik
dominique dora doris dorothea duri edith eduard elena elias elisabeth elsa elsbeth emanuel emil
emilia emma erich erika ernst erwin esther eva fabian fabienne felix florian flurina franz
franziska fredy frieda friedrich fritz gabi gabriel gabriela georg gerhard gertrud gian gisela
gottfried gregor gudrun guido hanna hannah hans hansjörg hanspeter hansruedi hedwig heidi heike
heinrich heinz helen helene helmut herbert hermann hildegard hugo ida immanuel ingrid irene iris
isabel isabella isabelle ivo jakob jan jana janine jasmin jennifer jens joachim johann johanna
johannes jonas jonathan josef josefine judith julia julian jörg jürg jürgen kai karin karl
katharina kathrin katrin kerstin klaus konrad kurt käthi lara lars laura lea lena leo leon
leonie linda lisa livia lorenz lotti luca luis luisa lukas luzia manfred manuel manuela marc
marcel margrit margrith maria marianne marie-louise marina mario markus marlies marta martha
martin martina matthias max maximilian melanie mia michael michaela michelle monika moritz
myriam nadia nadja natalie nicole niklaus nina noah noemi nora norbert olga oliver olivia otto
pascal patricia patrick paul peter petra philipp pia rahel ralf ralph regina regula reinhard
renate rené reto robert roger roland rolf romy rosa rosmarie rudolf ruedi ruth sabine sabrina
samuel sandra sara sarah sebastian seraina severin silke silvia simon simone sonja sophia sophie
stefan stefanie stephan susanna susanne sven tanja theres therese theresia thomas timo tobias
torsten ueli ulrich ulrike urs ursina ursula ute uwe valentin vanessa verena viktor vreni walter
werner wilhelm willi wolfgang yvonne
""".split())  # noqa: SIM905 (data, kept readable)

FRENCH = frozenset("""
adrien adèle agathe agnès alain alexandre alexis alice aline amélie anaïs andré andrée anne
anne-laure anne-sophie annick antoine arnaud arthur audrey aurélie aurélien baptiste basile
benoit benoît bernard bertrand blaise brigitte bruno camille carole caroline catherine chantal
charles charlotte chloé christelle christian christiane christine christophe claire clara claude
claudine clément colette colin corinne cyril cécile cédric céline damien daniel danielle david
delphine denis denise didier dominique edouard elise emilie emma emmanuel emmanuelle eric
estelle eugène eva fabien fabienne fabrice florence florian france francine françois françois-
xavier françoise frédéric frédérique gabriel gaston gaëlle gaëtan geneviève germaine ghislaine
gilbert gilles ginette gisèle grégoire grégory guillaume guy gérald géraldine gérard henri hervé
hugo hugues huguette hélène inès irène isabelle jacqueline jacques jean jean-jacques jeanne
jeannine jocelyne joseph josette josiane josé joël joëlle jules julie julien juliette justine
jérémie jérémy jérôme karine kévin laetitia laure laurence laurent laurine line lionel louis
louise loïc luc lucas lucie lucien ludovic lydie léa léo léon léonard madeleine magali manon
marc marc-antoine marcel marcelle margaux marguerite marianne marie marie-claude marie-france
marine marion marthe martine mathieu mathilde mathis matthieu maurice maxime michel micheline
michèle mickaël mireille monique muriel murielle mélanie nadine natacha nathalie nicolas nicole
noémie noël océane odette odile olivier pascal pascale patrice patricia patrick paul pauline
philippe pierre pierrette quentin raphaël raphaëlle raymond rené renée richard robert roger
romain rose régis rémy sabine samuel sandrine sarah saskia serge simon simone solange sophie
stéphane stéphanie suzanne sylvain sylviane sylvie sébastien séverine thibault thierry thomas
théo thérèse timothée valentin valérie victoire victor vincent virginie véronique yann yannick
yves yvette yvonne zoé édouard élisabeth élise élodie émile émilie éric étienne
""".split())  # noqa: SIM905 (data, kept readable)

ITALIAN = frozenset("""
adriana adriano agnese alberto alessandra alessandro alessia alice andrea angela angelo anna
annamaria antonella antonio arianna armando aurora barbara beatrice benedetta bruno carla carlo
carmela carmen caterina cesare chiara claudia claudio cristian cristina daniela daniele dario
davide debora diego domenico donatella elena eleonora elisa elisabetta emanuela emanuele enrico
enzo ettore fabio fabrizio federica federico fernando filippo fiorenzo flavia francesca
francesco franco fulvio gabriele gabriella gaetano giacomo gianfranco gianluca gianmarco gianna
gianni gianpaolo gino giorgia giorgio giovanna giovanni giulia giuliana giuliano giulio giuseppe
giuseppina grazia guido ilaria irene ivan lara laura leonardo leonora loredana lorena lorenza
lorenzo luca lucia luciano luigi luisa manuela marcello marco margherita maria mariangela
mariella marina mario marisa marta martina massimo matteo mattia maurizio michela michele
mirella mirko monica nadia niccolò nicola nicoletta nicolò nives orietta orlando ornella ottavio
paola paolo patrizia piergiorgio pierluigi pietro raffaele raffaella renato riccardo rita
roberta roberto rocco romano rosa rosanna rossella ruggero sabrina salvatore samuele sandro sara
serena sergio silvia simona simone sofia stefania stefano teresa tiziana tommaso valentina
valerio vincenzo vittorio
""".split())  # noqa: SIM905 (data, kept readable)

# Given names of other origins frequent in Swiss registers (Portuguese, Spanish, Balkan, English …).
OTHER = frozenset("""
agnieszka agron ahmed alejandro alexei ali ana ana-maria andreea andrei andrew anna anne-marie
antonio antónio arben arta ayşe besnik blerim brian carlos carmen charles david dejan diogo
dmitri dragan driton elena elizabeth emily emre fatima fatma fatmir fernando francisco george
goran hans-peter ilir ines inês ioana irina isabel ivana james jan jana jane javier jean-claude
jean-françois jean-luc jean-marc jean-pierre jelena jennifer joana joaquim john jorge josé
jovana joão juan karl-heinz katarzyna kevin krzysztof lucía luis luka lukas lukáš luís manuel
margaret maria marie-claire marie-thérèse marija mark marko mary mehmet michael miguel mihai
milan milica mirjana mohamed mohammed murat natalia natalja nenad nikola nuno oksana olga pablo
paul paulo pavel pawel paweł pedro petar peter petr pier-luigi piotr rachel rafael ricardo
richard robert rui sarah sergei sergej sergio shqipe stefan stephen steven susan sérgio tatiana
thomas tiago tomasz tomáš valon vladimir william zoran
""".split())  # noqa: SIM905 (data, kept readable)

ALL = GERMAN | FRENCH | ITALIAN | OTHER
