import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export type ContactMessage = { name: string; email: string; message: string };

/** Contact messages land in a small SQLite file next to the gateway; the team reads them from there. */
export function openContactStore(file: string) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const db = new DatabaseSync(file);
  db.exec(`create table if not exists contact_messages (
    id integer primary key,
    name text not null,
    email text not null,
    message text not null,
    created_at text not null default (datetime('now'))
  )`);
  const insert = db.prepare('insert into contact_messages (name, email, message) values (?, ?, ?)');
  const count = db.prepare('select count(*) as n from contact_messages');
  return {
    save(message: ContactMessage): number {
      return Number(insert.run(message.name, message.email, message.message).lastInsertRowid);
    },
    count(): number {
      return Number((count.get() as { n: number }).n);
    },
    close(): void {
      db.close();
    },
  };
}
