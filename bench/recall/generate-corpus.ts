/**
 * The recall benchmark's corpus, generated from a seed (the same seed gives the same corpus, so it
 * is made at bench time rather than stored: the generator and its templates are the reviewable
 * source, and a change to them cannot leave a stale copy behind).
 *
 * Each conversation runs over 16–20 dated sessions a few days apart. A session opens with
 * greetings, then the speakers tell each other what happened (events.ts: a friend's prompt in the
 * topic's everyday words, the statement in the first person, a reaction, sometimes more), with talk
 * about the same topics that answers nothing in between. Every event is asked about afterwards in
 * other words, naming the person: what it was (single-hop), when it happened, what the person did
 * in a month or the week after another event (temporal), every event of a kind (multi-hop), and
 * what it says about the person (open-domain). Conversations between an agent and its user use
 * the roles `user` and `assistant`, as an agent's transcripts do.
 */
import { createRng, type Rng } from '../generate/prng';
import type { Category, Conversation, Question, RecallCorpus, Session, SplitName, Turn } from './corpus';
import { AGENT_EVENTS, type EventKind, FRIEND_EVENTS, WHEN_PHRASES } from './events';

export const DEFAULT_RECALL_SEED = 2024;

const FIRST_NAMES = [
  'Nadia', 'Omar', 'Caroline', 'Melanie', 'Tomas', 'Priya', 'Jonah', 'Ines', 'Kwame', 'Lucia', 'Felix', 'Hana', 'Dmitri', 'Aisha', 'Rafael',
  'Greta', 'Malik', 'Sofia', 'Theo', 'Yuki', 'Bea', 'Arjun', 'Leona', 'Mateo', 'Noor', 'Elliot', 'Zara', 'Kofi', 'Mira', 'Sven',
];
/** Who else was there: named, so a question can tell one event of a kind from another ("the hike with Ana"). */
const COMPANIONS = ['Ana', 'Bilal', 'Rosa', 'Jamal', 'Ingrid', 'Luca', 'Dev', 'Maren', 'Tariq', 'Celine', 'Hugo', 'Wren', 'Pavel', 'Amara', 'Joss', 'Ruth'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_MS = 86_400_000;

const GREETINGS = ['Hey {other}! How has your week been?', 'Hi {other}, long time no talk!', 'Morning {other}, got a minute to catch up?', 'Hey you! How are things?'];
const GREETING_REPLIES = ['Pretty good, busy as always. You?', 'Hectic, but hanging in there.', 'Not bad at all! So much to tell you.', 'Tired, but happy to chat.'];
const FILLER = [
  'Work has been a lot this week.', 'The weather turned cold so fast.', 'I finally caught up on sleep.', 'Did you watch the game on Sunday?',
  'My phone screen cracked again.', 'Traffic was awful this morning.', 'I have been drinking way too much coffee.', 'Honestly same.',
  'Ha, that tracks.', 'Oh no, that sounds rough.', 'Anyway, enough about that.', 'Totally agree.', 'Let us grab lunch soon.',
];
const CLOSINGS = ['Talk soon!', 'Gotta run, catch you later.', 'Bye for now, take care!', 'Okay, I will let you go. Chat later!'];
const FOLLOW_UPS = ['It was honestly the highlight of my month.', 'I might do it again soon.', 'Took way longer than planned though.', 'I will tell you the whole story next time.'];

const AGENT_GREETINGS = ['Good morning {user}, what are we working on today?', 'Hi {user}! Ready when you are.', 'Welcome back, {user}.'];
const AGENT_GREETING_REPLIES = ['Morning. Lots to get through.', 'Hey. Quick session today.', 'Hi, let us pick up where we left off.'];
const AGENT_FILLER_USER = ['Can you summarize yesterday\'s thread?', 'Remind me what is left on the board.', 'Ugh, another meeting invite.', 'Thanks, that helps.'];
const AGENT_FILLER_ASSISTANT = ['Sure, here is a short summary of the open items.', 'Three tickets are still in review.', 'Happy to help with that.', 'I can draft that for you.'];
const AGENT_CLOSINGS = ['That is all for today, thanks.', 'Let us stop here.', 'Good progress, see you tomorrow.'];

interface PlannedEvent {
  kind: EventKind;
  /** The speaker's name as questions use it. */
  name: string;
  speaker: string;
  thing: string;
  /** Who did it with them, when the statement says. */
  companion: string | null;
  session: number;
  /** When it was told: the session's time, which a question's month refers to (ms). */
  toldAt: number;
  /** When it happened (ms). */
  at: number;
  statementTurn: string;
}

interface Template {
  rng: Rng;
  fill(text: string, slots: Record<string, string>): string;
}

const fill = (text: string, slots: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => {
    const lower = key.toLowerCase();
    const value = slots[lower] ?? `{${key}}`;
    return key[0] === key[0]?.toUpperCase() ? value.charAt(0).toUpperCase() + value.slice(1) : value;
  });

const monthWords = (at: number) => `${MONTHS[new Date(at).getUTCMonth()] as string} ${new Date(at).getUTCFullYear()}`;
const dayWords = (at: number) => `${new Date(at).getUTCDate()} ${monthWords(at)}`;

/** One conversation: sessions of turns and the questions about them. */
export function generateConversation(id: string, kind: 'friends' | 'agent', rng: Rng): Conversation {
  const t: Template = { rng, fill };
  const names = pickDistinct(rng, FIRST_NAMES, kind === 'agent' ? 1 : rng.chance(0.3) ? 3 : 2);
  const speakers = kind === 'agent' ? ['user', 'assistant'] : names;
  /** Who events happen to, as the transcript names them, and as a question names them. */
  // An agent asks about its user by name or as "the user", the way its transcripts name them.
  const actors = kind === 'agent' ? [{ speaker: 'user', name: rng.chance(0.5) ? (names[0] as string) : 'the user' }] : names.map((n) => ({ speaker: n, name: n }));
  const kinds = kind === 'agent' ? AGENT_EVENTS : pickDistinct(rng, FRIEND_EVENTS, 10);
  const sessionCount = rng.between(16, 20);
  let at = Date.UTC(rng.between(2022, 2024), rng.int(12), rng.between(1, 28), rng.between(8, 21), rng.pick([0, 15, 30, 45]));
  const sessions: Session[] = [];
  const events: PlannedEvent[] = [];
  for (let s = 0; s < sessionCount; s++) {
    const turns: Turn[] = [];
    const say = (speaker: string, text: string) => {
      const turn = { id: `S${s + 1}:${turns.length + 1}`, speaker, text };
      turns.push(turn);
      return turn;
    };
    const [first, second] = kind === 'agent' ? ['assistant', 'user'] : (pickDistinct(rng, speakers, 2) as [string, string]);
    if (kind === 'agent') {
      say('assistant', t.fill(rng.pick(AGENT_GREETINGS), { user: names[0] as string }));
      say('user', rng.pick(AGENT_GREETING_REPLIES));
    } else {
      say(first as string, t.fill(rng.pick(GREETINGS), { other: second as string }));
      say(second as string, rng.pick(GREETING_REPLIES));
    }
    const eventCount = rng.between(4, 6);
    for (let e = 0; e < eventCount; e++) {
      const actor = rng.pick(actors);
      const listener = kind === 'agent' ? 'assistant' : rng.pick(speakers.filter((p) => p !== actor.speaker));
      const eventKind = rng.pick(kinds);
      const when = rng.pick(WHEN_PHRASES);
      const thing = rng.pick(eventKind.things);
      if (rng.chance(0.75)) say(listener, rng.pick(eventKind.ask));
      const companion = rng.chance(0.5) ? rng.pick(COMPANIONS) : null;
      const statementText = t.fill(rng.pick(eventKind.say), { x: thing, when: when.words });
      const statement = say(actor.speaker, companion === null ? statementText : `${statementText} ${rng.pick(['Went with', 'Did it with', 'Dragged along'])} ${companion}.`);
      events.push({ kind: eventKind, name: actor.name, speaker: actor.speaker, thing, companion, session: s, toldAt: at, at: at - when.daysBefore * DAY_MS, statementTurn: statement.id });
      if (rng.chance(0.8)) say(listener, rng.pick(eventKind.react));
      if (rng.chance(0.35)) say(actor.speaker, rng.pick(FOLLOW_UPS));
      // Distractors: the same topic's talk, by anyone, answering nothing.
      for (let c = rng.between(0, 2); c > 0; c--) {
        const chatterKind = rng.pick(kinds);
        say(rng.pick(speakers), rng.pick(chatterKind.chatter));
      }
      if (kind === 'agent') {
        if (rng.chance(0.6)) say('user', rng.pick(AGENT_FILLER_USER));
        if (rng.chance(0.6)) say('assistant', rng.pick(AGENT_FILLER_ASSISTANT));
      } else if (rng.chance(0.5)) {
        say(rng.pick(speakers), rng.pick(FILLER));
      }
    }
    say(kind === 'agent' ? 'user' : (first as string), rng.pick(kind === 'agent' ? AGENT_CLOSINGS : CLOSINGS));
    sessions.push({ at: new Date(at).toISOString(), turns });
    at += rng.between(3, 9) * DAY_MS + rng.between(-3, 3) * 3_600_000;
  }
  return { id, kind, speakers, sessions, questions: questionsAbout(id, events, t) };
}

function questionsAbout(conversation: string, events: readonly PlannedEvent[], t: Template): Question[] {
  const { rng } = t;
  const questions: Question[] = [];
  const ask = (category: Category, question: string, evidence: readonly PlannedEvent[], answer: string) =>
    questions.push({ id: `${conversation}-q${questions.length + 1}`, category, question, evidence: evidence.map((e) => e.statementTurn), answer });
  const sameKind = (e: PlannedEvent) => events.filter((o) => o.kind === e.kind && o.speaker === e.speaker);

  // What it was and when: where the person told of one event of its kind, or the companion tells it apart.
  for (const event of events) {
    const unique = sameKind(event).length === 1;
    const sameCompanion = sameKind(event).filter((o) => o.companion !== null && o.companion === event.companion).length;
    if (!unique && (event.companion === null || sameCompanion > 1)) continue;
    const told = (template: string) => {
      const question = t.fill(template, { name: event.name });
      return unique ? question : question.replace(/\?$/, ` with ${event.companion}?`);
    };
    if (rng.chance(0.7)) ask('single-hop', told(rng.pick(event.kind.what)), [event], event.thing);
    if (rng.chance(0.4)) ask('temporal', told(rng.pick(event.kind.when)), [event], dayWords(event.at));
  }
  // In a month: only where the month tells this event from the person's others of its kind.
  for (const event of events) {
    const others = sameKind(event).filter((o) => o !== event);
    if (others.length === 0 || others.some((o) => monthWords(o.toldAt) === monthWords(event.toldAt)) || !rng.chance(0.6)) continue;
    ask('temporal', t.fill(rng.pick(event.kind.inMonth), { name: event.name, month: monthWords(event.toldAt) }), [event], event.thing);
  }
  // The week after another event: the person's next event within seven days of it.
  for (const anchor of events) {
    if (!rng.chance(0.25)) continue;
    const next = events.find((e) => e.speaker === anchor.speaker && e.session > anchor.session && e.toldAt - anchor.toldAt <= 7 * DAY_MS);
    if (next === undefined) continue;
    const phrase = t.fill(rng.pick(anchor.kind.anchor), { name: anchor.name }).replace(new RegExp(`^${anchor.name} `), rng.chance(0.5) ? `${anchor.name} ` : 'they ');
    ask('temporal', `What did ${anchor.name} do in the week after ${phrase}?`, [next], next.thing);
  }
  // Every event of a kind (two or more): multi-hop.
  const asked = new Set<string>();
  for (const event of events) {
    const all = sameKind(event);
    const key = `${event.kind.key}/${event.speaker}`;
    if (all.length < 2 || asked.has(key)) continue;
    asked.add(key);
    ask('multi-hop', t.fill(rng.pick(event.kind.all), { name: event.name }), all, all.map((e) => e.thing).join('; '));
  }
  // What the events say about the person: open-domain.
  const opened = new Set<string>();
  for (const event of events) {
    const key = `${event.kind.key}/${event.speaker}`;
    if (opened.has(key) || !rng.chance(0.5)) continue;
    opened.add(key);
    ask('open-domain', t.fill(rng.pick(event.kind.open), { name: event.name }), sameKind(event), 'yes');
  }
  return questions;
}

function pickDistinct<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const picked: T[] = [];
  while (picked.length < count && pool.length > 0) picked.push(pool.splice(rng.int(pool.length), 1)[0] as T);
  return picked;
}

/** The conversations of each split: calibration 4 (3 between friends, 1 with an agent), held-out 6 (4 and 2). */
export function generateRecallCorpus(seed = DEFAULT_RECALL_SEED): RecallCorpus {
  const split = (name: SplitName, friends: number, agents: number, salt: number): Conversation[] => {
    const rng = createRng((seed ^ salt) >>> 0);
    const conversations: Conversation[] = [];
    for (let i = 0; i < friends + agents; i++) conversations.push(generateConversation(`${name}-${i + 1}`, i < friends ? 'friends' : 'agent', rng));
    return conversations;
  };
  return { seed, splits: { calibration: split('calibration', 3, 1, 0xca1b), heldout: split('heldout', 4, 2, 0x4e1d) } };
}
