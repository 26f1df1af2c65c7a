import type { Lang } from '../orders/model.ts';
import type { MessageContent, MessageLine } from '../storage/outbox.ts';
import { escapeHtml, formatPrice, safeHref } from './html.ts';
import { say, type StringKey } from './strings.ts';

/** The shop as its messages name it. */
export interface Shop {
  name: string;
  /** Where shoppers reach the shop, without a trailing slash (links in the messages start with it). */
  origin: string;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
}

/** What a message says, before it is written out as plain text and as HTML. */
type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; head: [string, string, string]; rows: [string, string, string][]; foot: [string, string][] }
  | { kind: 'link'; label: string; url: string };

function linesTable(lang: Lang, lines: MessageLine[], foot: [string, string][]): Block {
  return {
    kind: 'table',
    head: [say(lang, 'table.item'), say(lang, 'table.quantity'), say(lang, 'table.amount')],
    rows: lines.map((line) => [line.title, String(line.quantity), formatPrice(line.amountCents)]),
    foot,
  };
}

function compose(content: MessageContent, lang: Lang, shop: Shop): { subject: string; greetingName: string | null; blocks: Block[] } {
  const t = (key: StringKey, values: Record<string, string | number> = {}) => say(lang, key, { shop: shop.name, ...values });
  const ordersLink: Block = { kind: 'link', label: t('orders.link'), url: `${shop.origin}/my-account` };
  switch (content.kind) {
    case 'order-confirmation': {
      const { data } = content;
      const foot: [string, string][] = [[t('table.subtotal'), formatPrice(data.subtotalCents)]];
      if (data.discountCents > 0) foot.push([t('table.discount', { coupon: data.coupon ?? '' }), formatPrice(-data.discountCents)]);
      foot.push([t('table.total'), formatPrice(data.totalCents)]);
      return {
        subject: t('confirmation.subject', { number: data.orderNumber }),
        greetingName: data.firstName,
        blocks: [{ kind: 'paragraph', text: t('confirmation.intro', { number: data.orderNumber }) }, linesTable(lang, data.lines, foot), ordersLink],
      };
    }
    case 'order-shipped': {
      const { data } = content;
      return {
        subject: t('shipped.subject', { number: data.orderNumber }),
        greetingName: data.firstName,
        blocks: [
          { kind: 'paragraph', text: t('shipped.intro', { number: data.orderNumber, carrier: data.carrierName, tracking: data.trackingNumber }) },
          { kind: 'link', label: t('shipped.track'), url: data.trackingUrl },
          ordersLink,
        ],
      };
    }
    case 'order-refunded': {
      const { data } = content;
      const values = { number: data.orderNumber, amount: formatPrice(data.amountCents) };
      return {
        subject: t(data.cancelled ? 'cancelled.subject' : 'refunded.subject', values),
        greetingName: data.firstName,
        blocks: [
          { kind: 'paragraph', text: t(data.cancelled ? 'cancelled.intro' : 'refunded.intro', values) },
          ...(data.lines.length > 0 ? [{ kind: 'paragraph', text: t('refunded.lines') } as const, linesTable(lang, data.lines, [])] : []),
          { kind: 'paragraph', text: t('refunded.total', { refunded: formatPrice(data.refundedCents), total: formatPrice(data.totalCents) }) },
          { kind: 'paragraph', text: t('refunded.delay') },
          ordersLink,
        ],
      };
    }
    case 'password-reset':
      return {
        subject: t('reset.subject'),
        greetingName: null,
        blocks: [
          { kind: 'paragraph', text: t('reset.intro') },
          { kind: 'link', label: t('reset.action'), url: content.data.link },
          { kind: 'paragraph', text: t('reset.ignore') },
        ],
      };
  }
}

function asText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return block.text;
        case 'link':
          return `${block.label}: ${block.url}`;
        case 'table':
          return [
            ...block.rows.map(([item, quantity, amount]) => `- ${item} × ${quantity}: ${amount}`),
            ...block.foot.map(([label, amount]) => `${label}: ${amount}`),
          ].join('\n');
      }
    })
    .join('\n\n');
}

const cell = 'padding:6px 8px;border-bottom:1px solid #e5e5e5;text-align:left';

function asHtml(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'paragraph':
          return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
        case 'link': {
          const href = safeHref(block.url);
          // A link we would not put in an href is shown as text: the shopper still sees it.
          if (!href) return `<p style="margin:0 0 16px">${escapeHtml(`${block.label}: ${block.url}`)}</p>`;
          return (
            `<p style="margin:0 0 16px"><a href="${escapeHtml(href)}" style="display:inline-block;padding:10px 18px;background:#1f1f1f;color:#ffffff;` +
            `text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>`
          );
        }
        case 'table': {
          const head = `<tr>${block.head.map((label, index) => `<th style="${cell}${index > 0 ? ';text-align:right' : ''}">${escapeHtml(label)}</th>`).join('')}</tr>`;
          const rows = block.rows
            .map(
              (row) => `<tr>${row.map((value, index) => `<td style="${cell}${index > 0 ? ';text-align:right' : ''}">${escapeHtml(value)}</td>`).join('')}</tr>`,
            )
            .join('');
          const foot = block.foot
            .map(
              ([label, amount]) =>
                `<tr><td colspan="2" style="${cell}">${escapeHtml(label)}</td><td style="${cell};text-align:right">${escapeHtml(amount)}</td></tr>`,
            )
            .join('');
          return `<table style="border-collapse:collapse;width:100%;margin:0 0 16px">${head}${rows}${foot}</table>`;
        }
      }
    })
    .join('\n');
}

/** The message as its recipient reads it: subject, plain text and HTML, in the message's language. */
export function renderMessage(message: MessageContent & { lang: Lang }, shop: Shop): RenderedMessage {
  const { lang } = message;
  const { subject, greetingName, blocks } = compose(message, lang, shop);
  const greeting = greetingName ? say(lang, 'greeting', { name: greetingName }) : say(lang, 'greeting.anonymous');
  const signature = say(lang, 'signature', { shop: shop.name });
  const text = `${greeting}\n\n${asText(blocks)}\n\n${signature}\n`;
  const html =
    `<!doctype html>\n<html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n` +
    `<body style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#1f1f1f;font-size:15px;line-height:1.5">\n` +
    `<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px">\n` +
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(shop.name)}</h1>\n` +
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>\n${asHtml(blocks)}\n` +
    `<p style="margin:0;color:#666666">${escapeHtml(signature)}</p>\n</div>\n</body></html>\n`;
  return { subject, text, html };
}
