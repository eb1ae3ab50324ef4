// Keyboard behaviour of the kit (issue 14.7): tab panels are tab stops only when they hold no
// control, and a dialog gives focus back to what opened it.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from '@jest/globals';
import { Dialog } from './dialog';
import { Tabs } from './tabs';

describe('Tabs.Content', () => {
  it('is no tab stop while it holds a control, and one when it holds only text', async () => {
    const { rerender } = render(
      <Tabs defaultValue="a">
        <Tabs.List aria-label="Parts">
          <Tabs.Trigger value="a">A</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">
          <button type="button">Go</button>
        </Tabs.Content>
      </Tabs>,
    );
    await waitFor(() => expect(screen.getByRole('tabpanel').tabIndex).toBe(-1));
    rerender(
      <Tabs defaultValue="a">
        <Tabs.List aria-label="Parts">
          <Tabs.Trigger value="a">A</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">
          <p>Only words here.</p>
        </Tabs.Content>
      </Tabs>,
    );
    await waitFor(() => expect(screen.getByRole('tabpanel').tabIndex).toBe(0));
  });
});

describe('Tabs (WAI-ARIA tabs, automatic activation)', () => {
  function Three({ onChange }: { onChange?: (v: string) => void }) {
    return (
      <Tabs defaultValue="a" onValueChange={onChange}>
        <Tabs.List aria-label="Parts">
          <Tabs.Trigger value="a">A</Tabs.Trigger>
          <Tabs.Trigger value="b" disabled>
            B
          </Tabs.Trigger>
          <Tabs.Trigger value="c">C</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Panel A</Tabs.Content>
        <Tabs.Content value="b">Panel B</Tabs.Content>
        <Tabs.Content value="c">Panel C</Tabs.Content>
      </Tabs>
    );
  }

  it('has one tab stop, names each panel by its tab and shows only the selected panel', () => {
    render(<Three />);
    const [a, b, c] = screen.getAllByRole('tab');
    expect([a.tabIndex, b.tabIndex, c.tabIndex]).toEqual([0, -1, -1]);
    expect(a.getAttribute('aria-selected')).toBe('true');
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toBe('Panel A');
    expect(panel.getAttribute('aria-labelledby')).toBe(a.id);
    expect(a.getAttribute('aria-controls')).toBe(panel.id);
    expect(screen.queryByText('Panel C')).toBeNull();
  });

  it('moves and selects with the arrow keys, Home and End, skipping a disabled tab', () => {
    const changes: string[] = [];
    render(<Three onChange={(v) => changes.push(v)} />);
    const [a, , c] = screen.getAllByRole('tab');
    act(() => a.focus());
    fireEvent.keyDown(a, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(c);
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel C');
    fireEvent.keyDown(c, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(a);
    fireEvent.keyDown(a, { key: 'End' });
    expect(document.activeElement).toBe(c);
    fireEvent.keyDown(c, { key: 'Home' });
    expect(document.activeElement).toBe(a);
    expect(changes).toEqual(['c', 'a', 'c', 'a']);
  });

  it('selects on a press, and a disabled tab cannot be selected', () => {
    render(<Three />);
    const [, b, c] = screen.getAllByRole('tab');
    fireEvent.mouseDown(b, { button: 0 });
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel A');
    fireEvent.mouseDown(c, { button: 0 });
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel C');
    expect(c.getAttribute('data-state')).toBe('active');
  });
});

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open it
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="A dialog">
        <p>Body</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('returns focus to the control that opened it when Escape closes it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open it' });
    act(() => opener.focus());
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
