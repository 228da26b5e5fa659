import { FILE_FIELD } from '@otaku/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileField } from './file-field';
import { Label } from './input';
import { RangeSlider } from './range-slider';

const picture = (name = 'cover.png') => new File(['png'], name, { type: 'image/png' });

function Held({ disabled = false }: { disabled?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <Label htmlFor="pic">Profile picture</Label>
      <FileField id="pic" accept="image/png" file={file} onFile={setFile} disabled={disabled} />
    </>
  );
}

describe('FileField', () => {
  it('is a real labelled file input whose chosen file name shows and describes it', async () => {
    render(<Held />);
    const input = screen.getByLabelText('Profile picture');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(FILE_FIELD.none);
    expect(screen.getByText(FILE_FIELD.none)).toBeInTheDocument();

    await userEvent.upload(input, picture('sakura-fan.png'));
    expect(screen.getByText('sakura-fan.png')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('sakura-fan.png');
    expect(screen.queryByText(FILE_FIELD.none)).not.toBeInTheDocument();
  });

  it('opens the picker from its area and takes a dropped file, unless disabled', async () => {
    const { unmount } = render(<Held />);
    const input = screen.getByLabelText<HTMLInputElement>('Profile picture');
    const opened = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByText(FILE_FIELD.choose));
    expect(opened).toHaveBeenCalledOnce();
    fireEvent.drop(screen.getByText(FILE_FIELD.choose), {
      dataTransfer: { files: [picture('dropped.webp')] },
    });
    expect(screen.getByText('dropped.webp')).toBeInTheDocument();
    unmount();

    render(<Held disabled />);
    expect(screen.getByLabelText('Profile picture')).toBeDisabled();
    fireEvent.drop(screen.getByText(FILE_FIELD.choose), {
      dataTransfer: { files: [picture('ignored.png')] },
    });
    expect(screen.queryByText('ignored.png')).not.toBeInTheDocument();
  });
});

describe('RangeSlider', () => {
  it('is a labelled slider drawn in the app colours, filled up to its value', () => {
    render(
      <>
        <Label htmlFor="price">Max price</Label>
        <RangeSlider id="price" min={0} max={100} value={25} onChange={() => {}} />
      </>,
    );
    const slider = screen.getByRole('slider', { name: 'Max price' });
    expect(slider).toHaveValue('25');
    expect(slider).toHaveClass('range-input');
    expect(slider.style.getPropertyValue('--range-fill')).toBe('25%');
  });
});
