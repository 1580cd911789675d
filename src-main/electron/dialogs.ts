import { BrowserWindow, dialog, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHOOSE_FOLDER_CHANNEL } from '../../src-shared/desktop-bridge';

/**
 * The native dialogs the window may open through the preload's bridge (src-shared/desktop-bridge.ts).
 * The folder picker answers only a path the writer chose themselves; reading that folder is still the
 * import service's job, through tRPC, as for a typed path.
 */
export function handleDesktopDialogs(): void {
  ipcMain.handle(CHOOSE_FOLDER_CHANNEL, async (event: IpcMainInvokeEvent): Promise<string | undefined> => {
    const window = BrowserWindow.fromWebContents(event.sender);
    const options = { title: 'Choose a markdown folder to import', buttonLabel: 'Choose folder', properties: ['openDirectory' as const] };
    const answer = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    return answer.canceled ? undefined : answer.filePaths[0];
  });
}
