"""Common given names of Swiss notices (data only), per language of origin.

Used to decide the order of a single `Family Given` / `Given Family` name field in prose
(`Scheelbeek Saskia Esther Charlotte`, `Jean-Pierre Dupont`). Names travel across language
borders, so the extractor looks a token up in all three lists; a hyphenated token is a given
name when each part is. Lower-case, accents kept (the lookup also tries the accent-free form).
"""

from __future__ import annotations

GERMAN = frozenset("""
adrian agnes albert albin alex alexander alexandra alfred alice alois andrea andreas angela
angelika anita anja anna annemarie anton antonia armin arnold astrid barbara bea beat beatrice
beatrix benedikt benjamin bernhard bettina brigitte bruno carla carmen carolin caroline christa
christian christiane christina christine christoph christof claudia claudio cornelia daniel
daniela david denise dennis dieter dietrich dominik dominique doris dorothea edith eduard elias
elisabeth elena elsa emil emma erich erika ernst erwin esther eva fabian fabienne felix florian
franz franziska frieda friedrich fritz gabriel gabriela georg gerhard gertrud gisela gottfried
gregor gudrun guido hanna hannah hans hansjörg hanspeter hansruedi heidi heinrich heinz helen
helene helmut herbert hermann hildegard hugo ida ingrid irene iris isabel isabella isabelle ivo
jakob jan jana janine jasmin jennifer joachim johann johanna johannes jonas josef josefine
judith julia julian jürg jörg karin karl katharina kathrin käthi katrin klaus konrad kurt lara
laura lea lena leo leon linda lisa lorenz lotti luca lukas luzia manfred manuel manuela marc
marcel margrit margrith maria marianne marina mario markus marlies martha martin martina matthias
max maximilian melanie michael michaela michelle monika nadia nadja natalie nicole niklaus
nina noah norbert olga oliver otto pascal patricia patrick paul peter petra philipp pia rahel
ralph ralf regina regula reinhard rené renate robert roger roland rolf rosa rosmarie ruedi rudolf
ruth sabine sabrina samuel sandra sara sarah silvia simon simone sonja stefan stefanie stephan
susanne susanna tanja thomas tobias ueli ulrich ursula urs ursina vanessa verena viktor walter
werner willi wilhelm yvonne theres therese theresia dora fredy heidi hedwig elsbeth vreni
reto corinne corina severin valentin jürgen uwe wolfgang sven timo dirk jens kai lars torsten
birgit heike kerstin silke anke ute ulrike gabi sebastian maximilian moritz luis luisa emilia
mia sophie sophia leonie marie-louise
""".split())

FRENCH = frozenset("""
saskia adèle adrien agathe agnès alain alexandre alexis alice aline amélie anaïs andré andrée anne
annick antoine arnaud arthur audrey aurélie aurélien baptiste benoît benoit bernard bertrand
blaise brigitte bruno camille carole caroline catherine cécile céline chantal charles charlotte
chloé christelle christian christiane christine christophe claire clara claude claudine
clément colette corinne cyril cédric damien daniel danielle david delphine denis denise didier
dominique edouard édouard élisabeth elise élise élodie emilie émilie emma emmanuel emmanuelle
eric éric estelle étienne eugène eva fabien fabienne fabrice florence florian france francine
françois françoise frédéric frédérique gabriel gaëlle gérald gérard géraldine germaine gilbert
gilles ginette grégoire grégory guillaume guy hélène henri hervé hugues hugo inès irène isabelle
jacqueline jacques jean jeanne jeannine jérémie jérôme joël joëlle josé josette joseph josiane
julie julien juliette justine karine laetitia laure laurence laurent léa léon léonard line
lionel louis louise luc lucas lucie lucien lydie madeleine manon marc marcel margaux marguerite
marianne marie marine marion marthe martine mathieu matthieu mathilde maurice maxime michel
michèle micheline mireille monique murielle muriel nadine natacha nathalie nicolas nicole noémie
noël odette olivier pascal pascale patrice patricia patrick paul pauline philippe pierre pierrette
quentin raphaël raphaëlle raymond régis rémy renée rené richard robert roger romain rose sabine
samuel sandrine sarah sébastien serge séverine simon simone solange sophie stéphane stéphanie
suzanne sylvain sylvie thérèse thibault thierry thomas valentin valérie véronique vincent
virginie yann yannick yves yvette yvonne zoé gaston léo jules victor victoire théo mathis
mélanie magali ludovic loïc jocelyne gisèle huguette marcelle odile colin basile timothée
""".split())

ITALIAN = frozenset("""
adriana adriano agnese alberto alessandra alessandro alessia alice andrea angela angelo anna
annamaria antonella antonio arianna armando aurora barbara beatrice benedetta bruno carla carlo
carmela carmen caterina cesare chiara claudia claudio cristina cristian daniela daniele dario
davide debora diego domenico donatella elena eleonora elisa elisabetta emanuela emanuele enrico
enzo ettore fabio fabrizio federica federico fernando filippo flavia francesca francesco franco
gabriele gabriella gaetano giacomo gianluca gianni gino giorgio giorgia giovanna giovanni
giulia giuliana giuliano giulio giuseppe giuseppina grazia guido ilaria irene ivan lara laura
leonardo lorenzo luca lucia luciano luigi luisa manuela marcello marco margherita maria mariella
marina mario marisa marta martina massimo matteo mattia maurizio michela michele mirko monica
nadia nicola nicoletta paola paolo patrizia pietro raffaele raffaella renato riccardo rita
roberta roberto rocco rosa rosanna rossella salvatore sandro sara serena sergio silvia simona
simone sofia stefania stefano teresa tiziana tommaso valentina valerio vincenzo vittorio
ottavio orlando orietta romano ruggero sabrina samuele fiorenzo fulvio gianfranco gianpaolo
gianmarco pierluigi piergiorgio lorena loredana ornella mariangela nicolò niccolò
""".split())

# Given names of other origins frequent in Swiss registers (Portuguese, Spanish, Balkan, English …).
OTHER = frozenset("""
joão josé maria manuel antónio antonio ana joana pedro paulo rui nuno miguel carlos luís luis
jorge fernando sérgio ricardo rafael diogo tiago joaquim francisco javier juan pablo sergio
alejandro carmen lucía elena isabel ines inês dragan milan goran zoran dejan nenad ivana
jelena marija mirjana ana-maria arben besnik blerim driton fatmir ilir valon agron mehmet
ahmed mohamed mohammed ali fatima ayşe emre murat john james william george robert richard
charles thomas mark paul andrew steven stephen kevin brian michael david peter jennifer mary
elizabeth susan margaret emily sarah rachel anna olga natalia natalja tatiana irina sergej
sergei dmitri andrei alexei vladimir oksana piotr pawel paweł tomasz krzysztof katarzyna
agnieszka jan jana petr pavel tomáš lukas lukáš hans-peter karl-heinz jean-pierre jean-marc
jean-claude jean-luc jean-françois marie-claire marie-thérèse anne-marie pier-luigi
""".split())

ALL = GERMAN | FRENCH | ITALIAN | OTHER
