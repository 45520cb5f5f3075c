import assert from 'node:assert/strict';
import { test } from 'node:test';
import { classify, codeTokens, plainPhrases } from '../../../src/cli/prompt-hook/gate.js';
import { KEYWORD_TABLES } from '../../../src/cli/prompt-hook/keywords.js';

/** Structural questions in each covered script: the text alone sends them to explore. */
const STRUCTURAL: readonly [string, string][] = [
  ['English', 'How does the checkout work?'],
  ['English', 'who calls the payment retry'],
  ['Spanish', '¿Cómo se guarda el pedido?'],
  ['Portuguese', 'Onde fica a validação do carrinho?'],
  ['French', 'Qui appelle la fonction de paiement ?'],
  ['German', 'Wie funktioniert die Anmeldung?'],
  ['Polish', 'Jak działa koszyk?'],
  ['Turkish', 'Sepet nerede hesaplanıyor?'],
  ['Vietnamese', 'Giỏ hàng được lưu ở đâu?'],
  ['Russian', 'Где проверяется заказ?'],
  ['Ukrainian', 'Як працює кошик?'],
  ['Greek', 'Πού αποθηκεύεται η παραγγελία;'],
  ['Chinese', '购物车的结算流程是什么'],
  ['Japanese', 'カートはどこで保存されますか'],
  ['Korean', '장바구니는 어떻게 저장되나요?'],
  ['Arabic', 'كيف يتم حفظ الطلب؟'],
  ['Persian', 'سبد خرید کجا ذخیره می‌شود؟'],
  ['Hebrew', 'איפה נשמרת ההזמנה?'],
  ['Thai', 'ตะกร้าสินค้าบันทึกที่ไหน'],
  ['Hindi', 'कार्ट कैसे सेव होता है?'],
];

for (const [language, prompt] of STRUCTURAL) {
  test(`classify sends a ${language} structural question to explore: ${prompt}`, () => {
    assert.equal(classify(prompt).tier, 'structural');
  });
}

/** Prose with nothing code-shaped: silent from the text alone, no index read. */
const SILENT: readonly string[] = [
  'please fix this typo',
  'thanks, that looks good',
  'run the tests again',
  'Merci !',
  'Спасибо, всё хорошо',
  'ありがとう',
  'شكرا جزيلا',
  'ok',
];

for (const prompt of SILENT) {
  test(`classify keeps ordinary prose silent without the index: ${prompt}`, () => {
    assert.deepEqual(classify(prompt), { tier: 'silent' });
  });
}

test('classify hands code-shaped tokens and plain phrases to the index', () => {
  assert.deepEqual(classify('rename getUserId and fix the checkout state machine'), {
    tier: 'candidates',
    tokens: ['getUserId'],
    phrases: [['rename', 'getuserid'], ['checkout', 'state', 'machine'], ['checkout', 'state'], ['state', 'machine']],
  });
});

test('codeTokens finds camelCase, PascalCase, snake_case, calls, $vars and qualified names', () => {
  assert.deepEqual(codeTokens('getUserId, get_user, Counter(), $store, user.login, Engine::serve, QuerySet and MAX_SIZE'), [
    'getUserId', 'get_user', 'Counter', '$store', 'user.login', 'Engine::serve', 'QuerySet', 'MAX_SIZE',
  ]);
});

test('codeTokens ignores file names, URLs and abbreviations', () => {
  assert.deepEqual(codeTokens('see README.md, www.example.com and e.g. the docs'), []);
  assert.deepEqual(codeTokens('open https://example.com/api/login or ./src/app and a/b/c'), []);
});

test('codeTokens takes a route\'s path as written: /api/login, /users/:id, /items/{id}/ and /pages/<int:pk>', () => {
  assert.deepEqual(codeTokens('why does POST /api/login fail, and GET /users/:id? see /items/{id}/ and /pages/<int:pk>.'), [
    '/api/login', '/users/:id', '/items/{id}/', '/pages/<int:pk>',
  ]);
  assert.deepEqual(codeTokens('a ratio of 3/4 or /5 is none'), []);
});

test('plainPhrases keeps runs of content words and drops function words', () => {
  assert.deepEqual(plainPhrases('the url resolver cache is wrong'), [['url', 'resolver', 'cache'], ['url', 'resolver'], ['resolver', 'cache']]);
});

test('the keyword tables cover 29 languages across the nine scripts', () => {
  assert.equal(KEYWORD_TABLES.length, 29);
  const scripts = new Set(KEYWORD_TABLES.map((t) => t.script));
  for (const s of ['Latin', 'Cyrillic', 'Greek', 'Han', 'Hangul', 'Arabic', 'Hebrew', 'Thai', 'Devanagari']) assert.ok(scripts.has(s as never), s);
});

test('classify is deterministic', () => {
  const prompt = 'why does OrderService.place call notify twice?';
  assert.deepEqual(classify(prompt), classify(prompt));
});
