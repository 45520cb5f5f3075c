import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isSecretPath, WITHHELD_MARKER, withholdPrivateKeys } from '../../src/project/secret-content.js';

const KEY_BODY = ['MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun', 'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK', '-----END RSA PRIVATE KEY-----'];

test('withholdPrivateKeys leaves text without a key untouched, the same string', () => {
  const text = 'def f():\n    return "no keys here"\n';
  assert.equal(withholdPrivateKeys(text), text);
});

test('withholdPrivateKeys replaces a PEM block inside code, keeping the line count and the code around it', () => {
  const text = ['KEY = """-----BEGIN RSA PRIVATE KEY-----', ...KEY_BODY.slice(0, 2), '-----END RSA PRIVATE KEY-----"""', 'def after():', '    pass', ''].join('\n');
  const out = withholdPrivateKeys(text);
  assert.equal(out.split('\n').length, text.split('\n').length);
  assert.equal(out, [`KEY = """${WITHHELD_MARKER}`, '', '', '"""', 'def after():', '    pass', ''].join('\n'));
});

test('withholdPrivateKeys withholds OpenSSH, PKCS#8, EC, encrypted and PGP keys, and a block written on one line', () => {
  for (const label of ['OPENSSH PRIVATE KEY', 'PRIVATE KEY', 'EC PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'PGP PRIVATE KEY BLOCK']) {
    const out = withholdPrivateKeys(`-----BEGIN ${label}-----\nsecretbytes==\n-----END ${label}-----\n`);
    assert.equal(out, `${WITHHELD_MARKER}\n\n\n`, label);
  }
  const json = '{"key": "-----BEGIN PRIVATE KEY-----\\nsecretbytes\\n-----END PRIVATE KEY-----\\n", "other": 1}';
  assert.equal(withholdPrivateKeys(json), `{"key": "${WITHHELD_MARKER}\\n", "other": 1}`);
});

test('withholdPrivateKeys withholds an unterminated block to the end of the text', () => {
  assert.equal(withholdPrivateKeys('x = 1\n-----BEGIN RSA PRIVATE KEY-----\nsecret\nmore secret'), `x = 1\n${WITHHELD_MARKER}\n\n`);
});

test('withholdPrivateKeys withholds a PuTTY key file through its Private-MAC line', () => {
  const text = 'PuTTY-User-Key-File-2: ssh-rsa\nEncryption: none\nPrivate-Lines: 1\nsecretbytes\nPrivate-MAC: abc123\nafter\n';
  assert.equal(withholdPrivateKeys(text), `${WITHHELD_MARKER}\n\n\n\n\nafter\n`);
});

test('withholdPrivateKeys keeps public keys and certificates', () => {
  const text = '-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\nssh-rsa AAAAB3Nza user@host\n';
  assert.equal(withholdPrivateKeys(text), text);
});

test('withholdPrivateKeys finds two blocks, the second beginning on the line where the first ends', () => {
  const text = '-----BEGIN EC PRIVATE KEY-----\na\n-----END EC PRIVATE KEY----- -----BEGIN EC PRIVATE KEY-----\nb\n-----END EC PRIVATE KEY-----\n';
  assert.equal(withholdPrivateKeys(text), `${WITHHELD_MARKER}\n\n ${WITHHELD_MARKER}\n\n\n`);
});

test('the withheld marker reads as it is documented', () => {
  assert.equal(WITHHELD_MARKER, '[private key withheld by codegraph]');
});

test('withholdPrivateKeys withholds two one-line blocks on the same line, and ignores an END before the BEGIN', () => {
  const two = 'a = "-----BEGIN PRIVATE KEY-----x-----END PRIVATE KEY-----", b = "-----BEGIN PRIVATE KEY-----y-----END PRIVATE KEY-----"';
  assert.equal(withholdPrivateKeys(two), `a = "${WITHHELD_MARKER}", b = "${WITHHELD_MARKER}"`);
  const endFirst = '-----END RSA PRIVATE KEY----- then -----BEGIN RSA PRIVATE KEY-----\nsecret\n-----END RSA PRIVATE KEY----- after';
  assert.equal(withholdPrivateKeys(endFirst), `-----END RSA PRIVATE KEY----- then ${WITHHELD_MARKER}\n\n after`);
  const adjacent = '-----END RSA PRIVATE KEY----------BEGIN RSA PRIVATE KEY-----\nsecret\n-----END RSA PRIVATE KEY-----';
  assert.equal(withholdPrivateKeys(adjacent), `-----END RSA PRIVATE KEY-----${WITHHELD_MARKER}\n\n`);
});

test('withholdPrivateKeys ends a PuTTY block only at a line that starts with Private-MAC:', () => {
  const text = 'PuTTY-User-Key-File-3: ssh-ed25519\nComment: not Private-MAC: yet\nsecret\nPrivate-MAC: 00\nafter';
  assert.equal(withholdPrivateKeys(text), `${WITHHELD_MARKER}\n\n\n\nafter`);
});

test('isSecretPath knows secret files by their name, in any folder and either slash, whatever the case', () => {
  const secret = [
    '.env', 'app/.env', '.env.local', 'deploy\\.env.production', 'certs/server.pem', 'tls.KEY', 'store.p12', 'a.pfx', 'release.keystore', 'k.jks', 'sig.asc', 'backup.gpg',
    'id_rsa', '.ssh/id_ed25519', 'id_ecdsa.pub', 'id_dsa.old', 'credentials', 'aws/credentials.json', '.netrc', '.pgpass', '.git-credentials', 'web/.htpasswd', 'C:\\Users\\me\\.ENV',
  ];
  for (const path of secret) assert.equal(isSecretPath(path), true, path);
  const plain = [
    'env.py', 'my.env', 'src/.envrc', '.env.', 'environment.ts', 'pem.ts', 'keyboard.ts', 'key.py', 'p12.c', 'a.pem.ts', 'keys/notes.md', 'id_rsa_helper.py', 'my_id_rsa', 'uid_rsa',
    'credentials_test.py', 'get_credentials.ts', 'netrc.py', 'my.env.local', 'x.netrc', '.netrc.bak', '.pgpass_example', '.env/readme.md', 'src/credentials/index.ts',
  ];
  for (const path of plain) assert.equal(isSecretPath(path), false, path);
});
