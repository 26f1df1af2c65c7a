/**
 * @jest-environment jsdom
 */
import { describeInteraction, interactionFromTarget, interactionTarget } from './interaction.ts';

const page = (html: string) => {
  document.body.innerHTML = html;
  return (id: string) => document.getElementById(id);
};

describe('describeInteraction', () => {
  it("takes the role of the control an event's target is in, from its role attribute or its tag", () => {
    const element = page(`
      <button id="button"><span id="inside">Add</span></button>
      <a id="link" href="/shop"><img id="picture" alt=""></a>
      <a id="anchor">no address</a>
      <input id="checkbox" type="checkbox"><input id="radio" type="radio"><input id="range" type="range">
      <input id="text"><input id="search" type="search"><input id="listed" type="search" list="words"><input id="submit" type="submit">
      <input id="date" type="date"><textarea id="area"></textarea>
      <select id="select"><option>1</option></select><select id="multiple" multiple><option>1</option></select>
      <div id="tab" role="tab"><i id="tabIcon"></i></div><div id="region" role="region"><p id="text-in-region">words</p></div>
      <div id="switch" role="switch button"></div><details><summary id="summary">More</summary></details>`);
    const roles = Object.fromEntries(
      ['button', 'inside', 'link', 'picture', 'anchor', 'checkbox', 'radio', 'range', 'text', 'search', 'listed', 'submit', 'date', 'area']
        .concat(['select', 'multiple', 'tab', 'tabIcon', 'region', 'text-in-region', 'switch', 'summary'])
        .map((id) => [id, describeInteraction(element(id))?.role]),
    );
    expect(roles).toEqual({
      button: 'button',
      inside: 'button',
      link: 'link',
      picture: 'link',
      anchor: 'other',
      checkbox: 'checkbox',
      radio: 'radio',
      range: 'slider',
      text: 'textbox',
      search: 'searchbox',
      listed: 'combobox',
      submit: 'button',
      date: 'other',
      area: 'textbox',
      select: 'combobox',
      multiple: 'listbox',
      tab: 'tab',
      tabIcon: 'tab',
      region: 'other',
      'text-in-region': 'other',
      switch: 'switch',
      summary: 'button',
    });
  });

  it('names the interaction by the nearest listed data-interaction, and by nothing else', () => {
    const element = page(`
      <section data-interaction="filter"><button id="open">Colour</button><a id="apply" href="/shop?color=red">Red</a></section>
      <div data-interaction="filter"><div data-interaction="add-to-cart"><button id="add">Add</button></div></div>
      <button id="unlisted" data-interaction="wave-hello">Hello</button>
      <input id="typed" role="combobox" value="what a shopper typed" data-interaction="header-search">`);
    expect(describeInteraction(element('open'))).toEqual({ role: 'button', name: 'filter' });
    expect(describeInteraction(element('apply'))).toEqual({ role: 'link', name: 'filter' });
    expect(describeInteraction(element('add'))).toEqual({ role: 'button', name: 'add-to-cart' });
    expect(describeInteraction(element('unlisted'))).toEqual({ role: 'button' });
    expect(describeInteraction(element('typed'))).toEqual({ role: 'combobox', name: 'header-search' });
  });

  it('is undefined for an element that is gone', () => {
    expect(describeInteraction(null)).toBeUndefined();
    expect(describeInteraction(document.createTextNode('loose'))).toBeUndefined();
  });
});

describe('the label as the string web-vitals carries', () => {
  it('goes there and back', () => {
    const element = page(`<div data-interaction="mini-cart"><button id="cart"></button></div><a id="link" href="/">Home</a>`);
    expect(interactionTarget(element('cart'))).toBe('button mini-cart');
    expect(interactionFromTarget(interactionTarget(element('cart')))).toEqual({ role: 'button', name: 'mini-cart' });
    expect(interactionFromTarget(interactionTarget(element('link')))).toEqual({ role: 'link' });
    expect(interactionTarget(null)).toBeUndefined();
  });

  it("reads nothing else as a label: web-vitals' own selectors, unknown roles or names, empty", () => {
    for (const text of ['', undefined, 'div#root>main>button.add', 'button add-to-cart extra', 'heading', 'button wave-hello', 'link  '])
      expect(interactionFromTarget(text)).toBeUndefined();
  });
});
