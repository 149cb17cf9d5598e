// Builds data/foods/usda-sr24.json.gz and data/foods/nutrients.json from the
// USDA SR24 XML files inside Debian's cronometer package. Node built-ins only.
// Normally run through ./build (which downloads and unpacks the package);
// see README.md for the format.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import crypto from 'node:crypto';

// sha256 of usr/share/cronometer/usda_sr24.jar in cronometer 0.9.9+dfsg1-1.
const EXPECTED_JAR_SHA256 = '4944801587983e4fc3f277bdf165e0a171acadda1fe2a38c3b37e6e8e97f20b7';

// Every nutrient the cronometer XML can carry. Columns:
// key, name in the XML, USDA SR nutrient number(s), unit, summary group,
// English name, Spanish (es-AR) name.
// Units are the SR units exactly as USDA publishes them (no conversion).
const NUTRIENTS = [
  // macronutrients
  ['energyKcal', 'Energy', '208', 'kcal', 'macronutrients', 'Energy', 'Energía'],
  ['proteinG', 'Protein', '203', 'g', 'macronutrients', 'Protein', 'Proteínas'],
  ['fatG', 'Fat', '204', 'g', 'macronutrients', 'Total lipid (fat)', 'Grasas totales'],
  ['carbohydrateG', 'Carbs', '205', 'g', 'macronutrients', 'Carbohydrate, by difference', 'Hidratos de carbono (por diferencia)'],
  ['fiberG', 'Fiber', '291', 'g', 'macronutrients', 'Fiber, total dietary', 'Fibra dietaria total'],
  ['sugarG', 'Sugars', '269', 'g', 'macronutrients', 'Sugars, total', 'Azúcares totales'],
  ['starchG', 'Starch', '209', 'g', 'macronutrients', 'Starch', 'Almidón'],
  ['alcoholG', 'Alcohol', '221', 'g', 'macronutrients', 'Alcohol, ethyl', 'Alcohol (etílico)'],
  // fats
  ['saturatedFatG', 'Saturated', '606', 'g', 'fats', 'Fatty acids, total saturated', 'Ácidos grasos saturados'],
  ['monounsaturatedFatG', 'Monounsaturated', '645', 'g', 'fats', 'Fatty acids, total monounsaturated', 'Ácidos grasos monoinsaturados'],
  ['polyunsaturatedFatG', 'Polyunsaturated', '646', 'g', 'fats', 'Fatty acids, total polyunsaturated', 'Ácidos grasos poliinsaturados'],
  ['omega3G', 'Omega-3', '621,629,631,851,852', 'g', 'fats', 'Omega-3 fatty acids (derived by cronometer, see README)', 'Ácidos grasos omega 3'],
  ['omega6G', 'Omega-6', '672,675,685,853,855', 'g', 'fats', 'Omega-6 fatty acids (derived by cronometer, see README)', 'Ácidos grasos omega 6'],
  ['transFatG', 'Trans-Fats', '605', 'g', 'fats', 'Fatty acids, total trans', 'Ácidos grasos trans'],
  ['cholesterolMg', 'Cholesterol', '601', 'mg', 'fats', 'Cholesterol', 'Colesterol'],
  ['phytosterolsMg', 'Phytosterol', '636', 'mg', 'fats', 'Phytosterols', 'Fitoesteroles'],
  // vitamins
  ['vitaminAIU', 'Vitamin A', '318', 'IU', 'vitamins', 'Vitamin A, IU', 'Vitamina A (UI)'],
  ['retinolUg', 'Retinol', '319', 'µg', 'vitamins', 'Retinol', 'Retinol'],
  ['alphaCaroteneUg', 'Alpha-carotene', '322', 'µg', 'vitamins', 'Carotene, alpha', 'Alfa-caroteno'],
  ['betaCaroteneUg', 'Beta-carotene', '321', 'µg', 'vitamins', 'Carotene, beta', 'Beta-caroteno'],
  ['betaCryptoxanthinUg', 'Beta-cryptoxanthin', '334', 'µg', 'vitamins', 'Cryptoxanthin, beta', 'Beta-criptoxantina'],
  ['lycopeneUg', 'Lycopene', '337', 'µg', 'vitamins', 'Lycopene', 'Licopeno'],
  ['luteinZeaxanthinUg', 'Lutein+Zeaxanthin', '338', 'µg', 'vitamins', 'Lutein + zeaxanthin', 'Luteína + zeaxantina'],
  ['vitaminCMg', 'Vitamin C', '401', 'mg', 'vitamins', 'Vitamin C, total ascorbic acid', 'Vitamina C'],
  ['thiaminMg', 'B1 (Thiamine)', '404', 'mg', 'vitamins', 'Thiamin (vitamin B1)', 'Tiamina (vitamina B1)'],
  ['riboflavinMg', 'B2 (Riboflavin)', '405', 'mg', 'vitamins', 'Riboflavin (vitamin B2)', 'Riboflavina (vitamina B2)'],
  ['niacinMg', 'B3 (Niacin)', '406', 'mg', 'vitamins', 'Niacin (vitamin B3)', 'Niacina (vitamina B3)'],
  ['pantothenicAcidMg', 'B5 (Pantothenic Acid)', '410', 'mg', 'vitamins', 'Pantothenic acid (vitamin B5)', 'Ácido pantoténico (vitamina B5)'],
  ['vitaminB6Mg', 'B6 (Pyridoxine)', '415', 'mg', 'vitamins', 'Vitamin B6', 'Vitamina B6'],
  ['folateTotalUg', 'Folate', '417', 'µg', 'vitamins', 'Folate, total', 'Folato total'],
  ['vitaminB12Ug', 'B12 (Cyanocobalamin)', '418', 'µg', 'vitamins', 'Vitamin B12', 'Vitamina B12'],
  ['cholineMg', 'Choline', '421', 'mg', 'vitamins', 'Choline, total', 'Colina total'],
  ['vitaminDIU', 'Vitamin D', '324', 'IU', 'vitamins', 'Vitamin D (D2 + D3), IU', 'Vitamina D (UI)'],
  ['vitaminEMg', 'Vitamin E', '323', 'mg', 'vitamins', 'Vitamin E (alpha-tocopherol)', 'Vitamina E (alfa-tocoferol)'],
  ['betaTocopherolMg', 'Beta Tocopherol', '341', 'mg', 'vitamins', 'Tocopherol, beta', 'Beta-tocoferol'],
  ['gammaTocopherolMg', 'Gamma Tocopherol', '342', 'mg', 'vitamins', 'Tocopherol, gamma', 'Gamma-tocoferol'],
  ['deltaTocopherolMg', 'Delta Tocopherol', '343', 'mg', 'vitamins', 'Tocopherol, delta', 'Delta-tocoferol'],
  ['vitaminKUg', 'Vitamin K', '430', 'µg', 'vitamins', 'Vitamin K (phylloquinone)', 'Vitamina K (filoquinona)'],
  // minerals
  ['calciumMg', 'Calcium', '301', 'mg', 'minerals', 'Calcium, Ca', 'Calcio'],
  ['ironMg', 'Iron', '303', 'mg', 'minerals', 'Iron, Fe', 'Hierro'],
  ['magnesiumMg', 'Magnesium', '304', 'mg', 'minerals', 'Magnesium, Mg', 'Magnesio'],
  ['phosphorusMg', 'Phosphorus', '305', 'mg', 'minerals', 'Phosphorus, P', 'Fósforo'],
  ['potassiumMg', 'Potassium', '306', 'mg', 'minerals', 'Potassium, K', 'Potasio'],
  ['sodiumMg', 'Sodium', '307', 'mg', 'minerals', 'Sodium, Na', 'Sodio'],
  ['zincMg', 'Zinc', '309', 'mg', 'minerals', 'Zinc, Zn', 'Zinc'],
  ['copperMg', 'Copper', '312', 'mg', 'minerals', 'Copper, Cu', 'Cobre'],
  ['manganeseMg', 'Manganese', '315', 'mg', 'minerals', 'Manganese, Mn', 'Manganeso'],
  ['seleniumUg', 'Selenium', '317', 'µg', 'minerals', 'Selenium, Se', 'Selenio'],
  ['fluorideUg', 'Fluoride', '313', 'µg', 'minerals', 'Fluoride, F', 'Flúor'],
  // others
  ['waterG', 'Water', '255', 'g', 'others', 'Water', 'Agua'],
  ['ashG', 'Ash', '207', 'g', 'others', 'Ash', 'Cenizas'],
  ['caffeineMg', 'Caffeine', '262', 'mg', 'others', 'Caffeine', 'Cafeína'],
  // amino acids
  ['tryptophanG', 'TRP', '501', 'g', 'aminoAcids', 'Tryptophan', 'Triptófano'],
  ['threonineG', 'THR', '502', 'g', 'aminoAcids', 'Threonine', 'Treonina'],
  ['isoleucineG', 'ILE', '503', 'g', 'aminoAcids', 'Isoleucine', 'Isoleucina'],
  ['leucineG', 'LEU', '504', 'g', 'aminoAcids', 'Leucine', 'Leucina'],
  ['lysineG', 'LYS', '505', 'g', 'aminoAcids', 'Lysine', 'Lisina'],
  ['methionineG', 'MET', '506', 'g', 'aminoAcids', 'Methionine', 'Metionina'],
  ['cystineG', 'CYS', '507', 'g', 'aminoAcids', 'Cystine', 'Cistina'],
  ['phenylalanineG', 'PHE', '508', 'g', 'aminoAcids', 'Phenylalanine', 'Fenilalanina'],
  ['tyrosineG', 'TYR', '509', 'g', 'aminoAcids', 'Tyrosine', 'Tirosina'],
  ['valineG', 'VAL', '510', 'g', 'aminoAcids', 'Valine', 'Valina'],
  ['arginineG', 'ARG', '511', 'g', 'aminoAcids', 'Arginine', 'Arginina'],
  ['histidineG', 'HIS', '512', 'g', 'aminoAcids', 'Histidine', 'Histidina'],
  ['alanineG', 'ALA', '513', 'g', 'aminoAcids', 'Alanine', 'Alanina'],
  ['asparticAcidG', 'ASP', '514', 'g', 'aminoAcids', 'Aspartic acid', 'Ácido aspártico'],
  ['glutamicAcidG', 'GLU', '515', 'g', 'aminoAcids', 'Glutamic acid', 'Ácido glutámico'],
  ['glycineG', 'GLY', '516', 'g', 'aminoAcids', 'Glycine', 'Glicina'],
  ['prolineG', 'PRO', '517', 'g', 'aminoAcids', 'Proline', 'Prolina'],
  ['serineG', 'SER', '518', 'g', 'aminoAcids', 'Serine', 'Serina'],
  ['hydroxyprolineG', 'HYP', '521', 'g', 'aminoAcids', 'Hydroxyproline', 'Hidroxiprolina'],
];

// How cronometer's importer (USDAImporter.fixOmegaFats, checked against the
// bytecode of the Debian build) derived the two omega sums from SR fatty acids.
const DERIVATION = {
  omega3G:
    'Sum of SR 621 (22:6 n-3, DHA), 629 (20:5 n-3, EPA), 631 (22:5 n-3, DPA), 851 (18:3 n-3 c,c,c, ALA) and 852 (20:3 n-3) where present; ' +
    'if 851 is missing but 619 (18:3 undifferentiated) is present, 619 is added instead, minus 685 (18:3 n-6 c,c,c) when present.',
  omega6G:
    'Sum of SR 672 (20:2 n-6 c,c), 675 (18:2 n-6 c,c), 685 (18:3 n-6 c,c,c), 853 (20:3 n-6) and 855 (20:4 n-6) where present; ' +
    'if 675 is missing but 618 (18:2 undifferentiated) is present, 618 is added instead.',
};

// Foods whose NDB number does not start with a USDA food-group code (the SR
// numbering has a few such series). The XML does not carry the group, so it
// is inferred from the name; such foods get groupInferred: true.
// First matching rule wins; the build fails if none matches.
const GROUP_RULES = [
  [/^23/, /^(Beef|USDA Commodity, beef)/, '13'],
  [/^27/, /./, '06'],
  [/^31/, /./, '11'],
  [/^(80|83|90|93)/, /./, '15'],
  [/^46/, /^Polydextrose/, '19'],
  [/^47/, /^Fruit-flavored drink/, '14'],
  [/^48/, /^Vital wheat gluten/, '20'],
  [/^4[234]/, /^(Babyfood)/, '03'],
  [/^4[234]/, /meatless|^(Soyburger|Vegetarian|Soybean, curd|Tofu yogurt|Vermicelli, made from soy|Beans|Baked beans|Bean beverage|Papad|Peanut butter)/, '16'],
  [/^4[234]/, /^(Cereals?,? ?(ready-to-eat|NESTUM)|Cereal ready-to-eat|AMARANTH FLAKES|Millet, puffed)/, '08'],
  [/^4[234]/, /^(Salad [Dd]ressing|Creamy dressing|Mayonnaise|Margarine|Vegetable oil-butter|Oil,|Butter replacement)/, '04'],
  [/^4[234]/, /^(Candies|Chewing gum|Syrups|Jams|Jellies|Puddings|Pie fillings|Frozen novel|Ice creams|Frozen yogurts|Milk dessert|Sweeteners|Pectin)/, '19'],
  [/^4[234]/, /^(Cheese|Imitation cheese|Milk, |Cream substitute|Whipped topping|Whipped cream substitute|Yogurt|Eggs)/, '01'],
  [/^4[234]/, /^(Snacks|Popcorn|Rice cake|Granola bar|Breakfast bars?)/, '25'],
  [/^4[234]/, /^(Pretzels|Rolls)/, '18'],
  [/^4[234]/, /^(Bologna|Frankfurter|Sausage|Turkey ham|Turkey bacon|Turkey and pork sausage|Turkey, pork, and beef sausage|Pork sausage|Beef, bologna|Bacon bits)/, '07'],
  [/^4[234]/, /^Pork/, '10'],
  [/^4[234]/, /^(Turkey|Chicken|Quail|Pheasant|Dove)/, '05'],
  [/^4[234]/, /^(Radishes|Cabbage|Eggplant|Potatoes|Vegetables|Sauerkraut|Tomato sauce|Tomato and vegetable juice|Turnip greens|Palm hearts|Celery flakes|Yeast extract spread)/, '11'],
  [/^4[234]/, /^(Cranberry juice|Orange-strawberry-banana juice)/, '09'],
  [/^4[234]/, /^(Alcoholic beverage|Beverage|Coffee|Cocktail mix|Fluid replacement|Fruit-flavored drink|Apple cider-flavored|Cranberry-apple|Orange juice drink|Corn beverage|Chocolate-flavored drink|Ensure)/, '14'],
  [/^4[234]/, /^Jellyfish/, '15'],
];

// Foods whose NDB prefix IS a group code but whose SR group differs: the SR
// "Snacks" group (25) was created after the 19xxx snack items were numbered,
// so "Snacks, ..." items numbered 19xxx belong to group 25, not 19 (Sweets).
const GROUP_OVERRIDES = [[/^19/, /^(Snacks?,|Tortilla chips|Cheese puffs|Popcorn|Potato chips)/, '25']];

function args() {
  const a = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    if (!argv[i].startsWith('--')) fail(`bad argument ${argv[i]}`);
    a[argv[i].slice(2)] = argv[i + 1];
  }
  for (const k of ['src', 'cronometer-nutrients', 'jar', 'deb', 'deb-version', 'out']) {
    if (!a[k]) fail(`missing --${k}`);
  }
  return a;
}

function fail(msg) {
  console.error(`build.mjs: ${msg}`);
  process.exit(1);
}

const sha256 = (file) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

function decodeEntities(s) {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (m, e) => {
    if (e === 'amp') return '&';
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    if (e[1] === 'x') return String.fromCodePoint(parseInt(e.slice(2), 16));
    return String.fromCodePoint(parseInt(e.slice(1), 10));
  });
}

function parseAttrs(s) {
  const attrs = {};
  const re = /([A-Za-z_][\w-]*)="([^"]*)"/g;
  let m;
  while ((m = re.exec(s))) attrs[m[1]] = decodeEntities(m[2]);
  return attrs;
}

// SR values have at most 3 decimals; cronometer summed omega-3/6 in double
// precision (e.g. 1.6889999999999998). Round to 3 decimals, but refuse to
// round away anything bigger than floating-point noise.
function srNumber(text, where) {
  const x = Number(text);
  if (!Number.isFinite(x)) fail(`${where}: not a number: ${text}`);
  const r = Math.round(x * 1000) / 1000;
  if (Math.abs(r - x) > 1e-9 * Math.max(1, Math.abs(x))) fail(`${where}: more than 3 decimals: ${text}`);
  return r === 0 ? 0 : r; // no -0
}

function readIndex(file) {
  const ids = new Set();
  for (const line of fs.readFileSync(file, 'latin1').split(/\r?\n/)) {
    if (!line) continue;
    const id = line.split('|')[0];
    if (!/^\d{5}$/.test(id)) fail(`${file}: bad line ${JSON.stringify(line)}`);
    ids.add(id);
  }
  return ids;
}

function checkAgainstCronometer(file) {
  const xml = fs.readFileSync(file, 'latin1');
  const defs = new Map();
  for (const m of xml.matchAll(/<nutrient\s([^>]*?)\/?>/g)) {
    const a = parseAttrs(m[1]);
    defs.set(a.name, a);
  }
  for (const [key, xmlName, usda, unit] of NUTRIENTS) {
    const d = defs.get(xmlName);
    if (!d) fail(`cronometer nutrients.xml has no ${xmlName} (${key})`);
    const dUnit = d.unit === '\u00b5g' ? 'µg' : d.unit;
    if (dUnit !== unit) fail(`${key}: unit ${unit} but cronometer says ${d.unit}`);
    if (!usda.startsWith(d.usda ?? '?')) fail(`${key}: USDA number ${usda} but cronometer says ${d.usda}`);
  }
}

function main() {
  const a = args();
  const jarSha = sha256(a.jar);
  if (jarSha !== EXPECTED_JAR_SHA256 && process.env.ALLOW_OTHER_SOURCE !== '1') {
    fail(`usda_sr24.jar sha256 ${jarSha} differs from the expected ${EXPECTED_JAR_SHA256}; set ALLOW_OTHER_SOURCE=1 to accept (then update README counts and the test)`);
  }
  checkAgainstCronometer(a['cronometer-nutrients']);

  const byXmlName = new Map(NUTRIENTS.map((n, i) => [n[1], i]));
  const groups = JSON.parse(fs.readFileSync(path.join(a.out, 'food-groups.json'), 'utf8'));
  const current = readIndex(path.join(a.src, 'foods.index'));
  const legacyIndex = readIndex(path.join(a.src, 'deprecated.index'));

  const files = fs.readdirSync(a.src).filter((f) => f.endsWith('.xml')).sort();
  const foods = [];
  const seenNutrients = new Map();
  let measureCount = 0;
  let inferred = 0;
  for (const f of files) {
    const xml = fs.readFileSync(path.join(a.src, f), 'latin1');
    if (/[^\t\n\r\x20-\x7e]/.test(xml)) fail(`${f}: non-ASCII content, check encoding`);
    const head = xml.match(/^\s*<food\s([^>]*?)(\/?)>/);
    if (!head) fail(`${f}: no <food> element`);
    const fa = parseAttrs(head[1]);
    const ndb = fa.uid;
    if (!/^\d{5}$/.test(ndb) || `${ndb}.xml` !== f) fail(`${f}: uid ${ndb} does not match file name`);
    if (!fa.name) fail(`${f}: no name`);
    const body = head[2] ? '' : xml.slice(head[0].length);
    if (!head[2] && !/<\/food>\s*$/.test(body)) fail(`${f}: no </food>`);

    const nutrients = {};
    const measures = [];
    const rest = body.replace(/<\/food>\s*$/, '').replace(/<(measure|nutrient)\s([^>]*?)\/>/g, (m, tag, attrs) => {
      const at = parseAttrs(attrs);
      if (tag === 'measure') {
        for (const k of Object.keys(at)) if (!['amount', 'name', 'grams'].includes(k)) fail(`${f}: unknown measure attribute ${k}`);
        measures.push([srNumber(at.amount, `${f} measure amount`), at.name, srNumber(at.grams, `${f} measure grams`)]);
      } else {
        for (const k of Object.keys(at)) if (!['amount', 'name'].includes(k)) fail(`${f}: unknown nutrient attribute ${k}`);
        const i = byXmlName.get(at.name);
        if (i === undefined) fail(`${f}: nutrient "${at.name}" has no key in NUTRIENTS`);
        const key = NUTRIENTS[i][0];
        if (key in nutrients) fail(`${f}: nutrient ${at.name} twice`);
        nutrients[key] = srNumber(at.amount, `${f} ${at.name}`);
        seenNutrients.set(at.name, (seenNutrients.get(at.name) ?? 0) + 1);
      }
      return '';
    });
    if (rest.trim()) fail(`${f}: unparsed content ${rest.trim().slice(0, 80)}`);
    if (!measures.every((m) => m[1])) fail(`${f}: measure without description`);
    measureCount += measures.length;

    // Nutrients in table order, so every food lists them the same way.
    const ordered = {};
    for (const n of NUTRIENTS) if (n[0] in nutrients) ordered[n[0]] = nutrients[n[0]];

    let group = ndb.slice(0, 2);
    let groupInferred = false;
    const override = GROUP_OVERRIDES.find(([pre, re]) => pre.test(ndb) && re.test(fa.name));
    if (override) {
      group = override[2];
      groupInferred = true;
      inferred++;
    } else if (!groups[group]) {
      const rule = GROUP_RULES.find(([pre, re]) => pre.test(ndb) && re.test(fa.name));
      if (!rule) fail(`${ndb} "${fa.name}": no food group rule`);
      group = rule[2];
      groupInferred = true;
      inferred++;
    }
    if (!groups[group]) fail(`${ndb}: group ${group} missing from food-groups.json`);

    const legacy = !current.has(ndb);
    if (legacy && !legacyIndex.has(ndb)) fail(`${ndb}: in neither foods.index nor deprecated.index`);

    foods.push({
      ndb,
      name: fa.name,
      nameEs: null,
      group,
      groupInferred,
      legacy,
      atwater: [srNumber(fa.pcf, `${f} pcf`), srNumber(fa.fcf, `${f} fcf`), srNumber(fa.ccf, `${f} ccf`)],
      nutrients: ordered,
      measures,
    });
  }
  for (const id of current) if (!foods.some((x) => x.ndb === id)) fail(`foods.index lists ${id} but there is no ${id}.xml`);
  for (const n of NUTRIENTS) if (!seenNutrients.has(n[1])) fail(`nutrient ${n[1]} (${n[0]}) never occurs in the source`);

  // Spanish names (authored).
  const byNdb = new Map(foods.map((x) => [x.ndb, x]));
  const tsvLines = fs.readFileSync(path.join(a.out, 'names-es-AR.tsv'), 'utf8').split('\n');
  if (tsvLines.at(-1) === '') tsvLines.pop();
  if (tsvLines[0] !== 'ndb\tnameEs') fail('names-es-AR.tsv: header must be "ndb<TAB>nameEs"');
  let prev = '';
  let namesEs = 0;
  for (let i = 1; i < tsvLines.length; i++) {
    const where = `names-es-AR.tsv line ${i + 1}`;
    const cols = tsvLines[i].split('\t');
    if (cols.length !== 2) fail(`${where}: expected 2 tab-separated columns`);
    const [ndb, name] = cols;
    if (!/^\d{5}$/.test(ndb)) fail(`${where}: bad ndb ${ndb}`);
    if (ndb <= prev) fail(`${where}: ${ndb} not sorted / duplicated`);
    prev = ndb;
    if (!name || name !== name.trim() || /\s{2}/.test(name)) fail(`${where}: empty name or stray whitespace`);
    const food = byNdb.get(ndb);
    if (!food) fail(`${where}: ndb ${ndb} does not exist in SR24 data`);
    food.nameEs = name;
    namesEs++;
  }

  const nutrientMeta = NUTRIENTS.map(([key, xmlName, usda, unit, group, nameEn, nameEs]) => ({
    key,
    usdaNumber: usda,
    nameEn,
    nameEs,
    unit,
    group,
    sourceName: xmlName,
    ...(DERIVATION[key] ? { derivation: DERIVATION[key] } : {}),
    foodsWithValue: seenNutrients.get(xmlName),
  }));

  const out = {
    format: 'almendra-usda-sr24/1',
    source: {
      name: 'USDA National Nutrient Database for Standard Reference, Release 24',
      publisher: 'U.S. Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory',
      license: 'Public domain (U.S. Government work)',
      via: `Debian package cronometer ${a['deb-version']}, usr/share/cronometer/usda_sr24.jar`,
      jarSha256: jarSha,
    },
    basis: 'per 100 g of edible portion',
    counts: { foods: foods.length, legacyFoods: foods.filter((x) => x.legacy).length, measures: measureCount, namesEs },
    nutrients: NUTRIENTS.map(([key, , usda, unit, group]) => ({ key, usdaNumber: usda, unit, group })),
    foods,
  };
  const json = JSON.stringify(out);
  const gz = zlib.gzipSync(Buffer.from(json), { level: 9 });
  fs.writeFileSync(path.join(a.out, 'usda-sr24.json.gz'), gz);
  fs.writeFileSync(path.join(a.out, 'nutrients.json'), JSON.stringify(nutrientMeta, null, 2) + '\n');

  console.log(
    `build.mjs: ${foods.length} foods (${out.counts.legacyFoods} legacy, ${inferred} with inferred group), ` +
      `${measureCount} measures, ${NUTRIENTS.length} nutrient keys, ${namesEs} Spanish names; ` +
      `usda-sr24.json.gz ${(gz.length / 1024 / 1024).toFixed(2)} MB (JSON ${(json.length / 1024 / 1024).toFixed(2)} MB)`,
  );
}

main();
