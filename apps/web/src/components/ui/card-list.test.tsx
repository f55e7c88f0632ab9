import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { partnersListState } from '@/test/list-state';
import { renderWithProviders } from '@/test/render';
import { CardFields, CardList, ListCard } from './card-list';

type Overrides = Partial<Parameters<typeof CardList>[0]>;

function renderCards(overrides: Overrides = {}) {
  renderWithProviders(
    <CardList {...partnersListState} skeletonRows={2} skeletonHeight={150} {...overrides}>
      <ListCard data-testid="partner-row">
        <strong>Miller Solar</strong>
        <CardFields>
          <dt>Email</dt>
          <dd>info@miller.example</dd>
        </CardFields>
      </ListCard>
    </CardList>,
  );
}

describe('CardList', () => {
  it('shows one card per row, with its labelled values', () => {
    renderCards();
    const list = screen.getByRole('list', { name: 'Partners' });
    const card = within(list).getByRole('listitem');
    expect(card.dataset.testid).toBe('partner-row');
    expect(within(card).getByText('Miller Solar')).toBeTruthy();
    expect(within(card).getByRole('term').textContent).toBe('Email');
    expect(within(card).getByRole('definition').textContent).toBe('info@miller.example');
  });

  it('shows placeholders while loading', () => {
    renderCards({ isLoading: true });
    expect(screen.getAllByTestId('partner-skeleton')).toHaveLength(2);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says so when there are no rows', () => {
    renderCards({ isEmpty: true });
    expect(screen.getByTestId('partners-empty').textContent).toBe('No partners yet.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('marks the list busy only when asked to', () => {
    renderCards({ isBusy: true });
    expect(screen.getByRole('list').getAttribute('aria-busy')).toBe('true');
  });
});
