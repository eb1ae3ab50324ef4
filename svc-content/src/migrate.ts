import 'reflect-metadata';
import { migrateService } from '@district/service-kit';
import { CONTENT_ENTITIES } from './entities';
import { CONTENT_MIGRATIONS } from './migrations';

void migrateService({ entities: CONTENT_ENTITIES, migrations: CONTENT_MIGRATIONS });
