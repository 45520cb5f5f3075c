/**
 * The structural-question vocabulary of the prompt hook, as data: words and phrases that ask how
 * code is shaped or flows (how / where / who calls / flow / impact / depends / architecture /
 * structure), in 29 languages. Space-separated scripts match whole words (`*` ends a stem that
 * takes any inflection); scripts written without spaces, or with attached prefixes and
 * particles, match as substrings.
 */

/** One language's entries. */
export interface KeywordTable {
  readonly language: string;
  readonly script: 'Latin' | 'Cyrillic' | 'Greek' | 'Han' | 'Japanese' | 'Hangul' | 'Arabic' | 'Hebrew' | 'Thai' | 'Devanagari';
  readonly match: 'word' | 'substring';
  readonly keywords: readonly string[];
}

/** Every table. Keywords are lower case (the prompt is lower-cased before matching). */
export const KEYWORD_TABLES: readonly KeywordTable[] = [
  {
    language: 'English',
    script: 'Latin',
    match: 'word',
    keywords: [
      'how does', 'how do', 'how is', 'how are', 'how can', 'how it works', 'where is', 'where are', 'where does', 'where do',
      'which file*', 'who calls', 'what calls', 'called from', 'call graph', 'call chain', 'call site*', 'callers', 'callees',
      'flow', 'data flow', 'control flow', 'impact', 'blast radius', 'what breaks', 'would break', 'depends on', 'dependenc*',
      'architecture', 'structure', 'trace', 'walk me through', 'entry point*', 'used by', 'usages of', 'references to',
    ],
  },
  {
    language: 'Spanish',
    script: 'Latin',
    match: 'word',
    keywords: ['cómo', 'como funciona', 'dónde', 'donde está', 'quién llama', 'llamad*', 'flujo', 'impacto', 'depende de', 'dependencia*', 'arquitectura', 'estructura'],
  },
  {
    language: 'Portuguese',
    script: 'Latin',
    match: 'word',
    keywords: ['como funciona', 'onde', 'quem chama', 'chamad*', 'fluxo', 'impacto', 'depende de', 'dependência*', 'arquitetura', 'estrutura'],
  },
  {
    language: 'French',
    script: 'Latin',
    match: 'word',
    keywords: ['comment fonctionne', 'comment marche', 'comment est', 'où', 'qui appelle', 'appelé*', 'flux', 'dépend de', 'dépendance*', 'architecture', 'structure'],
  },
  {
    language: 'German',
    script: 'Latin',
    match: 'word',
    keywords: ['wie funktioniert', 'wie arbeitet', 'wo ist', 'wo wird', 'wo befindet', 'wer ruft', 'aufgerufen', 'aufruf*', 'ablauf', 'datenfluss', 'auswirkung*', 'abhängig*', 'architektur', 'struktur'],
  },
  {
    language: 'Italian',
    script: 'Latin',
    match: 'word',
    keywords: ['come funziona', 'dove si trova', 'dove è', "dov'è", 'chi chiama', 'chiamat*', 'flusso', 'impatto', 'dipende da', 'dipendenz*', 'architettura', 'struttura'],
  },
  {
    language: 'Dutch',
    script: 'Latin',
    match: 'word',
    keywords: ['hoe werkt', 'waar is', 'waar wordt', 'wie roept', 'aangeroepen', 'aanroep*', 'stroom', 'afhankelijk*', 'architectuur', 'structuur'],
  },
  {
    language: 'Polish',
    script: 'Latin',
    match: 'word',
    keywords: ['jak działa', 'gdzie jest', 'gdzie znajduje', 'kto wywołuje', 'wywoła*', 'przepływ*', 'wpływ*', 'zależ*', 'architektur*', 'struktur*'],
  },
  {
    language: 'Czech',
    script: 'Latin',
    match: 'word',
    keywords: ['jak funguje', 'kde je', 'kde se', 'kdo volá', 'volá*', 'tok', 'dopad*', 'závisl*', 'architektur*', 'struktur*'],
  },
  {
    language: 'Swedish',
    script: 'Latin',
    match: 'word',
    keywords: ['hur fungerar', 'var finns', 'var är', 'vem anropar', 'anrop*', 'flöde*', 'påverka*', 'beroende*', 'arkitektur*', 'struktur*'],
  },
  {
    language: 'Turkish',
    script: 'Latin',
    match: 'word',
    keywords: ['nasıl çalış*', 'nerede', 'kim çağırı*', 'çağrıl*', 'çağır*', 'akış*', 'etki*', 'bağımlı*', 'mimari*', 'yapısı'],
  },
  {
    language: 'Indonesian',
    script: 'Latin',
    match: 'word',
    keywords: ['bagaimana', 'di mana', 'dimana', 'memanggil', 'dipanggil', 'alur', 'dampak', 'bergantung', 'ketergantungan', 'arsitektur', 'struktur'],
  },
  {
    language: 'Vietnamese',
    script: 'Latin',
    match: 'word',
    keywords: ['như thế nào', 'thế nào', 'ở đâu', 'ai gọi', 'được gọi', 'luồng', 'ảnh hưởng', 'phụ thuộc', 'kiến trúc', 'cấu trúc'],
  },
  {
    language: 'Romanian',
    script: 'Latin',
    match: 'word',
    keywords: ['cum funcționează', 'unde este', 'unde se', 'cine apelează', 'apelat*', 'apelul*', 'fluxul', 'impactul', 'depinde de', 'dependenț*', 'arhitectur*', 'structur*'],
  },
  {
    language: 'Russian',
    script: 'Cyrillic',
    match: 'word',
    keywords: ['как работает', 'как устроен*', 'как реализ*', 'где', 'кто вызывает', 'вызыва*', 'вызов*', 'поток*', 'влия*', 'зависи*', 'зависим*', 'архитектур*', 'структур*'],
  },
  {
    language: 'Ukrainian',
    script: 'Cyrillic',
    match: 'word',
    keywords: ['як працює', 'як влаштован*', 'де', 'хто викликає', 'виклик*', 'потік', 'вплив*', 'залеж*', 'архітектур*', 'структур*'],
  },
  {
    language: 'Bulgarian',
    script: 'Cyrillic',
    match: 'word',
    keywords: ['как работи', 'къде', 'кой извиква', 'извиква*', 'поток', 'влияни*', 'зависи*', 'архитектур*', 'структур*'],
  },
  {
    language: 'Greek',
    script: 'Greek',
    match: 'word',
    keywords: ['πώς λειτουργεί', 'πώς δουλεύει', 'πού', 'ποιος καλεί', 'καλεί', 'κλήση*', 'ροή*', 'επίπτωση*', 'επηρεάζ*', 'εξάρτη*', 'αρχιτεκτονική', 'δομή'],
  },
  {
    language: 'Chinese (Simplified)',
    script: 'Han',
    match: 'substring',
    keywords: ['怎么', '如何', '在哪', '哪里', '哪个文件', '谁调用', '调用', '流程', '数据流', '影响', '依赖', '架构', '结构'],
  },
  {
    language: 'Chinese (Traditional)',
    script: 'Han',
    match: 'substring',
    keywords: ['怎麼', '如何', '在哪', '哪裡', '誰呼叫', '呼叫', '調用', '流程', '資料流', '影響', '依賴', '架構', '結構'],
  },
  {
    language: 'Japanese',
    script: 'Japanese',
    match: 'substring',
    keywords: ['どのように', 'どうやって', 'どこ', '呼び出', '呼ばれ', '流れ', 'フロー', '影響', '依存', 'アーキテクチャ', '構造', '仕組み'],
  },
  { language: 'Korean', script: 'Hangul', match: 'substring', keywords: ['어떻게', '어디', '호출', '흐름', '영향', '의존', '아키텍처', '구조'] },
  {
    language: 'Arabic',
    script: 'Arabic',
    match: 'substring',
    keywords: ['كيف', 'أين', 'اين', 'يستدعي', 'استدعاء', 'تدفق', 'تأثير', 'يعتمد', 'تبعيات', 'بنية', 'هيكل', 'معمارية'],
  },
  { language: 'Persian', script: 'Arabic', match: 'substring', keywords: ['چگونه', 'چطور', 'کجا', 'فراخوانی', 'جریان', 'تأثیر', 'وابسته', 'وابستگی', 'معماری', 'ساختار'] },
  { language: 'Urdu', script: 'Arabic', match: 'substring', keywords: ['کیسے', 'کہاں', 'کال کرتا', 'بہاؤ', 'انحصار', 'ڈھانچہ', 'فن تعمیر'] },
  {
    language: 'Hebrew',
    script: 'Hebrew',
    match: 'substring',
    keywords: ['איך', 'כיצד', 'איפה', 'היכן', 'קורא ל', 'קריאה ל', 'זרימה', 'השפעה', 'משפיע', 'תלוי', 'תלויות', 'ארכיטקטורה', 'מבנה'],
  },
  {
    language: 'Thai',
    script: 'Thai',
    match: 'substring',
    keywords: ['อย่างไร', 'ยังไง', 'ที่ไหน', 'ตรงไหน', 'เรียกใช้', 'ใครเรียก', 'ลำดับการทำงาน', 'การไหล', 'ผลกระทบ', 'ขึ้นอยู่กับ', 'สถาปัตยกรรม', 'โครงสร้าง'],
  },
  { language: 'Hindi', script: 'Devanagari', match: 'substring', keywords: ['कैसे', 'कहाँ', 'कहां', 'कौन कॉल', 'कॉल करता', 'प्रवाह', 'प्रभाव', 'निर्भर', 'आर्किटेक्चर', 'संरचना', 'ढांचा'] },
  { language: 'Marathi', script: 'Devanagari', match: 'substring', keywords: ['कसे', 'कसा', 'कुठे', 'कोण कॉल', 'प्रवाह', 'परिणाम', 'अवलंबून', 'रचना', 'आर्किटेक्चर'] },
];
