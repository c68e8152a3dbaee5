import type { Runtime } from '../../core/runtime.js';
import { describeEntryOwners } from './entries/media-owners.js';
import { EntriesService } from './entries/service.js';
import { scheduleTrashPurge } from './entries/trash-purge.js';
import { ENTRY_HOOK_PHASES } from './hooks.js';
import './tables.js';
import { LocksService } from './locks/service.js';
import { PublishedService } from './published/service.js';
import { RevisionsService } from './revisions/service.js';
import { registerContentSettings } from './settings.js';
import { TaxonomiesService } from './taxonomies/service.js';
import { TranslationsService } from './translations/service.js';
import { ContentTypesService } from './types/service.js';
import { WorkflowService } from './workflow/service.js';

/** The content services of one runtime, made once and shared by routes, CLI and jobs. */
export class Content {
  readonly types: ContentTypesService;
  readonly entries: EntriesService;
  readonly workflow: WorkflowService;
  readonly locks: LocksService;
  readonly revisions: RevisionsService;
  readonly taxonomies: TaxonomiesService;
  readonly translations: TranslationsService;
  readonly published: PublishedService;

  constructor(private readonly runtime: Runtime) {
    this.types = new ContentTypesService(runtime, (slug) => this.declareHooks(slug));
    this.entries = new EntriesService(runtime, this.types);
    this.workflow = new WorkflowService(runtime, this.entries);
    this.locks = new LocksService(runtime, this.entries);
    this.revisions = new RevisionsService(this.entries);
    this.taxonomies = new TaxonomiesService(runtime, this.types);
    this.translations = new TranslationsService(runtime, this.entries);
    this.published = new PublishedService(runtime, this.types);
  }

  /**
   * Registers the permissions of every site's custom types, so roles holding them work from the
   * first request after a restart.
   */
  async setup(): Promise<void> {
    registerContentSettings(this.runtime);
    describeEntryOwners(this.runtime, this.types);
    this.workflow.defineJobs();
    await scheduleTrashPurge(this.runtime, this.entries);
    for (const site of await this.runtime.siteStore.list()) await this.types.ofSite(site);
  }

  private declareHooks(typeSlug: string): void {
    for (const [event, phase] of Object.entries(ENTRY_HOOK_PHASES))
      this.runtime.hooks.declare(`${typeSlug}.${event}` as `${string}.before_save`, phase);
  }
}

const byRuntime = new WeakMap<Runtime, Content>();

export function contentOf(runtime: Runtime): Content {
  let content = byRuntime.get(runtime);
  if (!content) {
    content = new Content(runtime);
    byRuntime.set(runtime, content);
  }
  return content;
}
