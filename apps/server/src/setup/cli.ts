/** `npm run setup -- --email … --name … --company … [--password-file FILE] [--language tr|en]`: creates the first owner
 *  (the internal company and its protected superadmin) without a browser, as the /setup page does, and prints a
 *  single-use sign-in link. The password is read from --password-file, or typed (hidden, twice) on a terminal, or the
 *  first line of standard input: never from the command line, where `ps` and the shell history would keep it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { formatMessage, type Language, type MessageCode, setupBodySchema } from '@windscope/contract';
import { issueSignInLink } from '../auth/sign-in-link.ts';
import { loadConfig } from '../config.ts';
import { embeddedServerPid } from '../db/embedded-holder.ts';
import { AppError } from '../http/errors.ts';
import { openOperatorDatabase } from '../lib/operator-database.ts';
import {
  errorText,
  formatOperator,
  type OperatorCode,
  type OperatorParamsArg,
  operatorLanguage,
  operatorLine,
} from '../lib/operator-messages.ts';
import { createFirstOwner, isSetupNeeded } from './service.ts';

// what this command prints is in the operator's language (WINDSCOPE_LANG, else the locale); --language is the new
// owner's, and defaults to it
const shown: Language = operatorLanguage();
const text = <C extends OperatorCode>(code: C, ...params: OperatorParamsArg<C>) => formatOperator(operatorLine(code, ...params), shown);
const USAGE = text('SETUP_USAGE');

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      company: { type: 'string' },
      'password-file': { type: 'string' },
      language: { type: 'string', default: shown },
      help: { type: 'boolean' },
    },
    strict: true,
  }).values;
}
try {
  parsed = parse();
} catch (error) {
  // Node's parseArgs says it in English: the option it names, in the operator's language
  const option = /'(-[^' ]+)/.exec(error instanceof Error ? error.message : '')?.[1] ?? '';
  const missingValue = (error as { code?: string }).code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE';
  fail(`${missingValue ? text('CLI_OPTION_VALUE_MISSING', { option }) : text('CLI_UNKNOWN_OPTION', { option })}\n${USAGE}`, 2);
}
if (parsed.help) fail(USAGE, 0);
const lang: Language = parsed.language === 'tr' ? 'tr' : 'en';
const say = (code: MessageCode, params?: Record<string, string | number>) => formatMessage(code, shown, params);

/** "Ayşe Nur Çelik" -> first "Ayşe Nur", last "Çelik" (the last word is the last name). */
function splitName(full: string | undefined): { first?: string; last?: string } {
  const words = (full ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return {};
  return { first: words.slice(0, -1).join(' '), last: words.at(-1) };
}
const fromName = splitName(parsed.name);
const firstName = parsed['first-name'] ?? fromName.first;
const lastName = parsed['last-name'] ?? fromName.last;
if (!parsed.email || !parsed.company || !firstName || !lastName) {
  fail(`${text('SETUP_ARGS_REQUIRED')}\n${USAGE}`, 2);
}

const config = loadConfig();
// the embedded database belongs to one process at a time (main.ts writes server.pid while it serves)
const serverPid = embeddedServerPid(config);
if (serverPid) {
  fail(
    text('SETUP_SERVER_HOLDS_DATABASE', { pid: serverPid, dir: config.dataDir, tokenFile: path.join(config.dataDir, 'setup-token') }),
    3,
  );
}

const password = await readPassword(parsed['password-file']);
const checked = setupBodySchema.omit({ token: true }).safeParse({
  company_name: parsed.company,
  first_name: firstName,
  last_name: lastName,
  email: parsed.email,
  password,
  language: lang,
});
if (!checked.success) {
  const lines = [...new Set(checked.error.issues.map((issue) => `  ${String(issue.path[0] ?? '')}: ${say(issue.message as MessageCode)}`))];
  fail(lines.join('\n'), 2);
}

// the first command to use the folder may make it; a database server that does not answer is said in words
const database = await openOperatorDatabase(config, { mustExist: false }).catch((error: unknown) => fail(errorText(error, shown), 1));
try {
  if (!(await isSetupNeeded(database.db))) fail(say('SETUP_NOT_AVAILABLE'), 1);
  const input = checked.data;
  const { user } = await createFirstOwner(
    { db: database.db, config, now: () => new Date() },
    {
      companyName: input.company_name,
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      password: input.password,
      language: lang,
    },
  );
  const link = await issueSignInLink(database.db, config.publicUrl, user.id, new Date());
  console.log(`${say('SETUP_DONE')}\n${text('SETUP_SIGN_IN', { email: user.email, company: input.company_name })}\n\n  ${link}\n`);
} catch (error) {
  if (error instanceof AppError) fail(say(error.code, error.params), 1);
  throw error;
} finally {
  await database.close();
}

async function readPassword(file: string | undefined): Promise<string> {
  if (file) {
    const text = readFileSync(file, 'utf8');
    // the first line, as `echo secret > file` writes it
    return text.split(/\r?\n/)[0] ?? '';
  }
  if (!process.stdin.isTTY) {
    const lines = createInterface({ input: process.stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  const first = await askHidden(text('SETUP_PASSWORD'));
  const again = await askHidden(text('SETUP_PASSWORD_AGAIN'));
  if (first !== again) fail(say('PASSWORDS_DO_NOT_MATCH'), 2);
  return first;
}

/** A terminal prompt that echoes nothing of what is typed. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (s: string) => void };
    let prompted = false;
    output._writeToOutput = (s: string) => {
      if (!prompted) {
        process.stdout.write(s);
        prompted = true;
      }
    };
    rl.question(prompt, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}
