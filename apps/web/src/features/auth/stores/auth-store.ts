import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY } from '@portal/domain/constants';

export type UserProfile = { id: string; name: string; email: string };

type AuthState = {
  isLoggedIn: boolean;
  user: UserProfile | null;
  signIn: (user?: UserProfile | null) => void;
  setUser: (user: UserProfile) => void;
  signOut: () => void;
};

/**
 * What survives a reload: whether someone is signed in and who. Never a token: the ID token lives
 * in memory only (token-manager) and is renewed from the httpOnly session cookie.
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      isLoggedIn: false,
      user: null,
      signIn: (user) => set({ isLoggedIn: true, user: user ?? get().user }),
      setUser: (user) => set({ user }),
      signOut: () => set({ isLoggedIn: false, user: null }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isLoggedIn, user }) => ({
        isLoggedIn,
        user: user ? { id: user.id, name: user.name, email: user.email } : null,
      }),
    },
  ),
);
