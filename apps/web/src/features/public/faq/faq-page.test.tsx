import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FAQ_CATEGORIES, FAQ_ITEMS, filterFaq, foldForSearch, type ShownFaqItem } from './faq-items.ts';
import { FaqPage } from './faq-page.tsx';

const search = (text: string) => fireEvent.change(screen.getByTestId('faq-search'), { target: { value: text } });
const filter = (name: string) => fireEvent.click(within(screen.getByTestId('faq-filters')).getByRole('button', { name }));

describe('FAQ content (spec §2, §5, §6, §9)', () => {
  it('has twelve questions in the six categories, two each', () => {
    expect(FAQ_ITEMS).toHaveLength(12);
    expect(FAQ_CATEGORIES).toHaveLength(6);
    for (const category of FAQ_CATEGORIES) expect(FAQ_ITEMS.filter((item) => item.category === category)).toHaveLength(2);
  });

  it("names the spec's categories and carries its marketing figures", () => {
    renderWithProviders(<FaqPage />);
    for (const name of ['Genel Sorular', '360° Görüntüleme', 'İzleme Sistemi', 'Teknik Destek', 'Fiyatlandırma', 'Güvenlik'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    const text = document.body.textContent ?? '';
    for (const figure of [
      '50 fotoğraf',
      'JPG, PNG ve WebP',
      '10 MB',
      '150 TL',
      '250 TL',
      '350 TL',
      '%15',
      '30 gün',
      '5 dakikada',
      '1 saat',
      '4 saat',
      'Admin, Operatör',
      'İzleyici',
    ])
      expect(text).toContain(figure);
    expect(screen.getByTestId('faq-count')).toHaveTextContent('12 soru bulundu');
  });
});

describe('FAQ search and filter', () => {
  it('searches the question text', () => {
    renderWithProviders(<FaqPage />);
    search('dosya formatları');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 soru bulundu');
    expect(screen.getByRole('button', { name: 'Hangi dosya formatlarını yükleyebilirim?' })).toBeInTheDocument();
  });

  it('searches the answer text too, ignoring case, accents and the dotless ı', () => {
    renderWithProviders(<FaqPage />);
    search('350 TL');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 soru bulundu');
    expect(screen.getByRole('button', { name: 'Fiyatlandırma nasıl yapılıyor?' })).toBeInTheDocument();
    search('YEDEKLENIR');
    expect(screen.getByRole('button', { name: 'Verilerim güvende mi?' })).toBeInTheDocument();
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 soru bulundu');
  });

  it('filters by category, and combines the filter with the search', () => {
    renderWithProviders(<FaqPage />);
    filter('Fiyatlandırma');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('2 soru bulundu');
    expect(screen.getByRole('heading', { level: 2, name: 'Fiyatlandırma' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: 'Güvenlik' })).not.toBeInTheDocument();
    search('deneme');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 soru bulundu');
    filter('Tümü');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 soru bulundu');
  });

  it('shows a clear-filters button on an empty result, which brings every question back', () => {
    renderWithProviders(<FaqPage />);
    filter('Güvenlik');
    search('fiyat');
    expect(screen.getByTestId('faq-empty')).toBeInTheDocument();
    expect(screen.getByTestId('faq-count')).toHaveTextContent('0 soru bulundu');
    fireEvent.click(screen.getByRole('button', { name: 'Filtreleri Temizle' }));
    expect(screen.queryByTestId('faq-empty')).not.toBeInTheDocument();
    expect(screen.getByTestId('faq-search')).toHaveValue('');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('12 soru bulundu');
    expect(within(screen.getByTestId('faq-filters')).getByRole('button', { name: 'Tümü' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('expands and collapses an answer', () => {
    renderWithProviders(<FaqPage />);
    const question = screen.getByRole('button', { name: 'İzleme verileri ne sıklıkla güncellenir?' });
    const answer = screen.getByText(/her 5 dakikada bir yenilenir/);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
    fireEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    fireEvent.click(question);
    expect(answer).not.toBeVisible();
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(12);
  });

  it('searches in English on the English site', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(<FaqPage />);
    search('monthly');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('0 questions found');
    search('per turbine per month');
    expect(screen.getByTestId('faq-count')).toHaveTextContent('1 question found');
    expect(screen.getByRole('button', { name: 'How does pricing work?' })).toBeInTheDocument();
  });
});

describe('filterFaq', () => {
  const items: ShownFaqItem[] = [
    { id: 'whatIs', category: 'general', question: 'Windscope nedir?', answer: 'Işık hızında İZLEME.' },
    { id: 'prices', category: 'pricing', question: 'Fiyat?', answer: 'Türbin başına 150 TL.' },
  ];

  it('needs every word of the query, in question or answer', () => {
    expect(filterFaq(items, 'türbin 150', 'all', 'tr').map((item) => item.id)).toEqual(['prices']);
    expect(filterFaq(items, 'türbin 999', 'all', 'tr')).toEqual([]);
    expect(filterFaq(items, '   ', 'all', 'tr')).toHaveLength(2);
  });

  it('folds Turkish letters both ways', () => {
    expect(foldForSearch('IŞIK İZLEME', 'tr')).toBe('isik izleme');
    expect(filterFaq(items, 'isik izleme', 'all', 'tr').map((item) => item.id)).toEqual(['whatIs']);
    expect(filterFaq(items, 'TURBIN', 'all', 'en').map((item) => item.id)).toEqual(['prices']);
  });

  it('keeps to the chosen category', () => {
    expect(filterFaq(items, '', 'pricing', 'tr').map((item) => item.id)).toEqual(['prices']);
    expect(filterFaq(items, 'windscope', 'pricing', 'tr')).toEqual([]);
  });
});
