import { render, screen } from '@testing-library/preact';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';

/**
 * react-hook-form's `isReady` update on mount is kept only for a form that reads it (vite.config.ts,
 * hookFormReadyWhenRead): every other form renders once as it mounts, not twice.
 */
describe('a react-hook-form form as it mounts', () => {
  it('renders once when it does not read isReady', () => {
    let renders = 0;
    function Form() {
      renders += 1;
      const {
        register,
        formState: { errors },
      } = useForm<{ name: string }>({ defaultValues: { name: '' } });
      return (
        <form>
          <input aria-label="Name" {...register('name')} />
          {errors.name ? <p>{errors.name.message}</p> : null}
        </form>
      );
    }
    render(<Form />);
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
    expect(renders).toBe(1);
  });

  it('renders again with isReady true when it reads it', async () => {
    const seen: boolean[] = [];
    function Form() {
      const { formState } = useForm<{ name: string }>({ defaultValues: { name: '' } });
      seen.push(formState.isReady);
      return <p>{formState.isReady ? 'ready' : 'starting'}</p>;
    }
    render(<Form />);
    expect(await screen.findByText('ready')).toBeInTheDocument();
    expect(seen).toEqual([false, true]);
  });
});
