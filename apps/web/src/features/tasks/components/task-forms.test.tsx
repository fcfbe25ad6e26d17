import { makeTask } from '@comped/shared/factories/task';
import { MSG } from '@comped/shared/messages';
import type { TaskResource } from '@comped/shared/schemas/resources';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-client';
import { InfluencerTaskForm } from './influencer-task-form';
import { JournalistTaskForm } from './journalist-task-form';

/** MUI Rating reads the pointer position on hover (zero-sized in jsdom): a plain click picks the value. */
function rate(label: string) {
  fireEvent.click(screen.getByRole('radio', { name: label }));
}

/** Blue Door's report: two posts and a story, tagging required, #spring. */
function task(over: Partial<TaskResource> = {}): TaskResource {
  return makeTask({
    influencer_instructions: {
      tagging_required: true,
      geotag_required: false,
      posts_required: 2,
      stories_required: 1,
      hashtags: ['spring'],
    },
    brand: { id: 1, name: 'Blue Door', logo: null },
    name: 'Visit report: Spring menu',
    ...over,
  });
}

describe('InfluencerTaskForm', () => {
  it('shows the requirements and keeps Submit disabled until a rating and the checkbox', async () => {
    const user = userEvent.setup();
    render(
      <InfluencerTaskForm task={task()} handles={{ instagram: 'ines' }} onComplete={vi.fn()} onFailure={vi.fn()} />,
    );
    const table = screen.getByRole('table', { name: 'Requirements' });
    expect(within(table).getByRole('rowheader', { name: 'Posts' })).toBeInTheDocument();
    expect(within(table).getByText('#spring')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(screen.getByLabelText(/Post #1 link/)).toHaveAttribute('type', 'url');
    expect(screen.getByLabelText(/Post #1 link/)).toBeRequired();
    expect(screen.getByRole('checkbox', { name: "Yes, I've posted the 1 required story" })).toBeInTheDocument();

    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    rate('Good');
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    expect(submit).toBeEnabled();
  });

  it('shows the URL message for a bad link and sends posts after "All good"', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn().mockResolvedValue(undefined);
    render(
      <InfluencerTaskForm task={task()} handles={{ instagram: 'ines' }} onComplete={onComplete} onFailure={vi.fn()} />,
    );
    await user.type(screen.getByLabelText(/Post #1 link/), 'not a url');
    await user.type(screen.getByLabelText(/Post #2 link/), 'https://www.instagram.com/p/two/');
    await user.click(screen.getByRole('checkbox', { name: /required story/ }));
    rate('Very Good');
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.invalidPostUrl)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/Post #1 link/));
    await user.type(screen.getByLabelText(/Post #1 link/), 'https://www.instagram.com/p/one/');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete task' });
    expect(within(dialog).getByText(/notifying Blue Door that all requirements/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'All good' }));
    await waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(onComplete).toHaveBeenCalledWith({
      kind: 'influencer',
      rating: 5,
      posts: [
        { type: 'post', link: 'https://www.instagram.com/p/one/' },
        { type: 'post', link: 'https://www.instagram.com/p/two/' },
        { type: 'story', link: 'https://www.instagram.com/stories/ines/' },
      ],
    });
  });

  it('needs the stories checkbox and shows server field errors under the inputs', async () => {
    const user = userEvent.setup();
    const onFailure = vi.fn();
    const onComplete = vi
      .fn()
      .mockRejectedValue(new ApiError(422, MSG.invalidPostUrl, { 'posts.1.link': [MSG.invalidPostUrl] }));
    render(<InfluencerTaskForm task={task()} handles={{}} onComplete={onComplete} onFailure={onFailure} />);
    await user.type(screen.getByLabelText(/Post #1 link/), 'https://www.instagram.com/p/one/');
    await user.type(screen.getByLabelText(/Post #2 link/), 'https://www.instagram.com/p/two/');
    rate('Ok');
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.required)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /required story/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'All good' }));
    expect(await screen.findByText(MSG.invalidPostUrl)).toBeInTheDocument();
    // The field says why: no "something went wrong" on top of it.
    expect(onFailure).not.toHaveBeenCalled();
  });

  it("refuses another account's post or a page that is no post under its field, before asking to confirm", async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(
      <InfluencerTaskForm task={task()} handles={{ instagram: 'ines' }} onComplete={onComplete} onFailure={vi.fn()} />,
    );
    await user.type(screen.getByLabelText(/Post #1 link/), 'https://www.instagram.com/someone.else/p/abc/');
    await user.type(screen.getByLabelText(/Post #2 link/), 'https://www.facebook.com/ines/posts/1');
    rate('Ok');
    await user.click(screen.getByRole('checkbox', { name: /required story/ }));
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This post belongs to @someone.else, not @ines.')).toBeInTheDocument();
    expect(screen.getByText(MSG.postLinkNotSocial)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('an error the form cannot place under a field is reported as a failure', async () => {
    const user = userEvent.setup();
    const onFailure = vi.fn();
    const onComplete = vi.fn().mockRejectedValue(new ApiError(503, MSG.somethingWrong, {}));
    render(<InfluencerTaskForm task={task()} handles={{}} onComplete={onComplete} onFailure={onFailure} />);
    await user.type(screen.getByLabelText(/Post #1 link/), 'https://www.instagram.com/p/one/');
    await user.type(screen.getByLabelText(/Post #2 link/), 'https://www.instagram.com/p/two/');
    rate('Ok');
    await user.click(screen.getByRole('checkbox', { name: /required story/ }));
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'All good' }));
    await waitFor(() => expect(onFailure).toHaveBeenCalled());
  });

  it('Cancel closes the dialog without sending', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(
      <InfluencerTaskForm
        task={task({
          influencer_instructions: {
            posts_required: 0,
            stories_required: 0,
            hashtags: [],
            tagging_required: false,
            geotag_required: false,
          },
        })}
        handles={{ instagram: 'ines' }}
        onComplete={onComplete}
        onFailure={vi.fn()}
      />,
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /required stor/ })).not.toBeInTheDocument();
    rate('Bad');
    await user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onComplete).not.toHaveBeenCalled();
  });
});

describe('JournalistTaskForm', () => {
  it('has no requirements table and needs a rating and a coverage option', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn().mockResolvedValue(undefined);
    render(<JournalistTaskForm task={task()} onComplete={onComplete} onFailure={vi.fn()} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    rate('Good');
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Feature article' }));
    expect(submit).toBeEnabled();
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'All good' }));
    await waitFor(() =>
      expect(onComplete).toHaveBeenCalledWith({ kind: 'journalist', rating: 4, propertyOption: 'Feature article' }),
    );
  });
});
