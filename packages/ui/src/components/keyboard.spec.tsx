// Keyboard behaviour of the kit (issue 14.7): tab panels are tab stops only when they hold no
// control, and a dialog gives focus back to what opened it.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from '@jest/globals';
import { Dialog } from './dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('TabsContent', () => {
  it('is no tab stop while it holds a control, and one when it holds only text', async () => {
    const { rerender } = render(
      <Tabs defaultValue="a">
        <TabsList aria-label="Parts">
          <TabsTrigger value="a">A</TabsTrigger>
        </TabsList>
        <TabsContent value="a">
          <button type="button">Go</button>
        </TabsContent>
      </Tabs>,
    );
    await waitFor(() => expect(screen.getByRole('tabpanel').tabIndex).toBe(-1));
    rerender(
      <Tabs defaultValue="a">
        <TabsList aria-label="Parts">
          <TabsTrigger value="a">A</TabsTrigger>
        </TabsList>
        <TabsContent value="a">
          <p>Only words here.</p>
        </TabsContent>
      </Tabs>,
    );
    await waitFor(() => expect(screen.getByRole('tabpanel').tabIndex).toBe(0));
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
