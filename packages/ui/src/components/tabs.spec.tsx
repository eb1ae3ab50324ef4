// Issue 33: a tab bar never wraps onto a second row ("Rejected (0)", Spanish "Iniciar sesión /
// Registrarse" at 360 px): it scrolls sideways inside itself and keeps the selected tab in view.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Tabs } from './tabs';

let sheet: HTMLStyleElement;
beforeAll(() => {
  sheet = document.createElement('style');
  sheet.textContent = readFileSync(join(__dirname, '..', 'styles.css'), 'utf8');
  document.head.append(sheet);
});
afterAll(() => sheet.remove());

function Bar() {
  return (
    <Tabs defaultValue="approved">
      <Tabs.List aria-label="Hours">
        <Tabs.Trigger value="approved">Aprobadas (12)</Tabs.Trigger>
        <Tabs.Trigger value="pending">Pendientes (3)</Tabs.Trigger>
        <Tabs.Trigger value="rejected">Rechazadas (0)</Tabs.Trigger>
      </Tabs.List>
    </Tabs>
  );
}

// jsdom has no layout: give the bar and its tabs the boxes a 360 px phone gives them.
function layOut(list: HTMLElement, widths: number[], visible: number) {
  const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')];
  let left = 4;
  tabs.forEach((tab, i) => {
    Object.defineProperty(tab, 'offsetLeft', { configurable: true, value: left });
    Object.defineProperty(tab, 'offsetWidth', { configurable: true, value: widths[i] });
    left += widths[i] + 4;
  });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: visible });
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: left });
}

describe('Tabs.List', () => {
  it('keeps its tabs on one row: the bar scrolls sideways and no tab shrinks or breaks', () => {
    render(<Bar />);
    const list = screen.getByRole('tablist', { name: 'Hours' });
    const bar = getComputedStyle(list);
    expect(bar.flexWrap).toBe('nowrap');
    expect(bar.overflowX).toBe('auto');
    for (const tab of screen.getAllByRole('tab')) {
      const style = getComputedStyle(tab);
      expect(style.whiteSpace).toBe('nowrap');
      expect(style.flexShrink).toBe('0');
    }
  });

  it('scrolls the bar (not the page) to show a selected tab that was out of sight', () => {
    render(<Bar />);
    const list = screen.getByRole('tablist', { name: 'Hours' });
    layOut(list, [130, 130, 140], 320);
    expect(list.scrollLeft).toBe(0);
    fireEvent.click(screen.getByRole('tab', { name: 'Rechazadas (0)' }));
    // The third tab ends at 4 + 130 + 4 + 130 + 4 + 140 = 412: the bar scrolls by 92 px.
    expect(list.scrollLeft).toBe(92);
    fireEvent.click(screen.getByRole('tab', { name: 'Aprobadas (12)' }));
    expect(list.scrollLeft).toBe(4);
  });
});
